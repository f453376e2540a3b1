// Where an instance's time went during one measured window of a bench run, from its V8 CPU profile:
//
//   BENCH_PROFILE=/tmp/prof BENCH_CLUSTER=2 BENCH_DATABASE_URL=… npm run bench -- drop-rush   # or drop-watchers
//   node bench/tools/profile-window.mjs /tmp/prof/CPU.….cpuprofile 949775683:960564422 [983254688:997412572 …]
//   TOP=200 node bench/tools/profile-window.mjs …   # more functions per list (25 by default)
//
// The windows are the `profileWindowMicros` the scenario reported (the sale, on the profiles' clock: the system's
// monotonic clock in microseconds). For each window: its length, how much of it the instance's main thread was busy,
// and the busy milliseconds by package (or node's own module) and by function; with two windows or more, the functions
// that grew most from the first window to the others' mean (what a change of load, such as watchers, added). Times
// are the main thread's wall time in each frame: a socket write includes the time the kernel gave the core to the
// process woken by it. A diagnostic, never loaded by the product.
import fs from 'node:fs';

const [file, ...windowArguments] = process.argv.slice(2);
if (!file || windowArguments.length === 0) {
  console.error('usage: node bench/tools/profile-window.mjs <profile.cpuprofile> <from:to> [<from:to> …]');
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const windows = windowArguments.map((argument) => argument.split(':').map(Number));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const TOP = Number(process.env.TOP ?? 25);

const functionOf = ({ callFrame }) =>
  `${callFrame.functionName || '(anonymous)'} ${callFrame.url.replace(/.*\//, '')}:${callFrame.lineNumber + 1}`;
function packageOf({ callFrame }) {
  const { url } = callFrame;
  if (url.includes('node_modules/')) return url.split('node_modules/').at(-1).split('/')[0];
  if (url.startsWith('node:')) return url;
  return url ? url.replace(/.*\//, '') : callFrame.functionName;
}

const tallies = windows.map(() => ({ total: 0, busy: 0, byFunction: new Map(), byPackage: new Map() }));
const add = (map, key, micros) => map.set(key, (map.get(key) ?? 0) + micros);
let at = profile.startTime;
for (let index = 0; index < profile.samples.length; index += 1) {
  at += profile.timeDeltas[index];
  // A sample stands for the time until the next one.
  const micros = profile.timeDeltas[index + 1] ?? 0;
  const node = nodes.get(profile.samples[index]);
  windows.forEach(([from, to], windowIndex) => {
    if (at < from || at >= to) return;
    const tally = tallies[windowIndex];
    tally.total += micros;
    if (node.callFrame.functionName === '(idle)') return;
    tally.busy += micros;
    add(tally.byFunction, functionOf(node), micros);
    add(tally.byPackage, packageOf(node), micros);
  });
}

const ms = (micros) => (micros / 1000).toFixed(0).padStart(8);
tallies.forEach((tally, index) => {
  const share = tally.total ? Math.round((tally.busy / tally.total) * 100) : 0;
  console.log(`window ${index + 1}: ${ms(tally.total).trim()} ms, busy ${ms(tally.busy).trim()} ms (${share} %)`);
});

function table(title, key, order) {
  const names = new Set(tallies.flatMap((tally) => [...tally[key].keys()]));
  const rows = [...names].map((name) => ({ name, values: tallies.map((tally) => tally[key].get(name) ?? 0) }));
  console.log(`\n${title} (busy ms per window)`);
  for (const row of rows.sort(order).slice(0, TOP)) console.log(`${row.values.map(ms).join('')}   ${row.name}`);
}
table('by package', 'byPackage', (x, y) => y.values[0] - x.values[0]);
table('by function', 'byFunction', (x, y) => y.values[0] - x.values[0]);
if (windows.length > 1) {
  const growth = (row) =>
    row.values.slice(1).reduce((sum, value) => sum + value, 0) / (row.values.length - 1) - row.values[0];
  table('grew most after the first window', 'byFunction', (x, y) => growth(y) - growth(x));
}
