// CPU per purchase by process group, during a bench run: run it beside the bench, stop it afterwards, then report.
//
//   node bench/tools/process-cpu.mjs /tmp/cpu.txt &   # samples /proc every 100 ms until stopped
//   BENCH_ATTEMPTS=10000 BENCH_CLUSTER=2 BENCH_DATABASE_URL=… npm run bench -- drop-rush
//   kill %1
//   node bench/tools/process-cpu.mjs --report /tmp/cpu.txt 10000   # per second, then the sale's seconds per purchase
//
// Groups: the API instances (apps/api/dist/server.mjs), PostgreSQL's processes, nginx's, and the bench itself. With
// BENCH_ATTEMPTS equal to the packs every attempt is a sale, so the busy seconds are the sale. Linux only (/proc); a
// diagnostic, never loaded by the product.
import fs from 'node:fs';

const TICKS_PER_SECOND = 100;

function groupOf(pid) {
  let command;
  try {
    command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return null;
  }
  if (command.includes('server.mjs')) return 'api';
  if (command.startsWith('postgres') || command.split(' ')[0].endsWith('/postgres')) return 'pg';
  if (command.includes('nginx')) return 'nginx';
  if (/drop-rush|purchase-run|bench\/run/.test(command)) return 'bench';
  return null;
}

function sample() {
  const ticks = {};
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const group = groupOf(pid);
    if (!group) continue;
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks[group] = (ticks[group] ?? 0) + Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks;
}

function report(file, purchases) {
  const rows = fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  // Processes come and go (PostgreSQL backends), so each interval counts only what grew.
  const perSecond = new Map();
  for (let index = 1; index < rows.length; index += 1) {
    const [previous, current] = [rows[index - 1], rows[index]];
    const second = Math.floor((previous.at - rows[0].at) / 1000);
    const totals = perSecond.get(second) ?? {};
    for (const group of new Set([...Object.keys(previous.ticks), ...Object.keys(current.ticks)])) {
      totals[group] = (totals[group] ?? 0) + Math.max(0, (current.ticks[group] ?? 0) - (previous.ticks[group] ?? 0));
    }
    perSecond.set(second, totals);
  }
  const seconds = [...perSecond.keys()].sort((a, b) => a - b);
  for (const second of seconds) console.log(second, JSON.stringify(perSecond.get(second)));
  // The sale: PostgreSQL busy (a batch's writes) while the API works and nginx is past the plain-route yardstick.
  const isSale = (totals) => (totals.pg ?? 0) >= 40 && (totals.api ?? 0) > 50 && (totals.nginx ?? 0) < 15;
  const first = seconds.find((second) => isSale(perSecond.get(second)));
  const last = seconds.findLast((second) => (perSecond.get(second).api ?? 0) >= 20);
  if (first === undefined || !purchases) return;
  const sale = {};
  for (const second of seconds.filter((second) => second >= first && second <= last)) {
    for (const [group, ticks] of Object.entries(perSecond.get(second))) sale[group] = (sale[group] ?? 0) + ticks;
  }
  const perPurchase = Object.fromEntries(
    Object.entries(sale).map(([group, ticks]) => [
      group,
      Number((((ticks / TICKS_PER_SECOND) * 1000) / purchases).toFixed(3)),
    ]),
  );
  console.log(`sale: seconds ${first} to ${last}; CPU ms per purchase`, perPurchase);
}

if (process.argv[2] === '--report') {
  report(process.argv[3], Number(process.argv[4]));
} else {
  const out = fs.openSync(process.argv[2] ?? '/tmp/process-cpu.txt', 'w');
  setInterval(() => fs.writeSync(out, `${JSON.stringify({ at: Date.now(), ticks: sample() })}\n`), 100);
}
