// `node bench/tools/query-timing-report.mjs /tmp/query-timing-*.json [marker]`: for each API process recorded by
// query-timing.mjs, its calls between the first and the last statement that starts with `marker` (a purchase batch's
// orders statement by default, so the window is the sale), by statement: how many, the mean time from call to answer,
// and the mean time the connection sat between its previous answer and this call.
import fs from 'node:fs';

const files = process.argv.slice(2).filter((arg) => arg.endsWith('.json'));
const marker = process.argv.slice(2).find((arg) => !arg.endsWith('.json')) ?? 'with placed';
for (const file of files) {
  const calls = JSON.parse(fs.readFileSync(file, 'utf8'));
  const marked = calls.filter(([, , , statement]) => statement.startsWith(marker));
  if (marked.length === 0) {
    console.log(`${file}: no statement starts with "${marker}"`);
    continue;
  }
  const from = marked[0][0];
  const to = marked.at(-1)[0] + marked.at(-1)[1];
  const byStatement = new Map();
  for (const [startedAt, duration, sinceLastAnswer, statement] of calls) {
    if (startedAt < from || startedAt > to) continue;
    const totals = byStatement.get(statement) ?? { calls: 0, duration: 0, idle: 0, idleCalls: 0 };
    totals.calls += 1;
    totals.duration += duration;
    if (sinceLastAnswer >= 0 && sinceLastAnswer < 1000) {
      totals.idle += sinceLastAnswer;
      totals.idleCalls += 1;
    }
    byStatement.set(statement, totals);
  }
  console.log(
    `${file}: ${(to - from).toFixed(0)} ms from the first to the last "${marker}" (${marked.length} of them)`,
  );
  for (const [statement, totals] of [...byStatement].sort((a, b) => b[1].duration - a[1].duration).slice(0, 16)) {
    const idle = totals.idleCalls ? (totals.idle / totals.idleCalls).toFixed(2) : '-';
    console.log(
      `${String(totals.calls).padStart(7)} calls, ${(totals.duration / totals.calls).toFixed(2).padStart(6)} ms each, ${idle.padStart(6)} ms idle before: ${statement}`,
    );
  }
}
