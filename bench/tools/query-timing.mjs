// Times every database call of the API processes of a bench run, for finding where a batch's time goes:
//
//   NODE_OPTIONS="--import $PWD/bench/tools/query-timing.mjs" BENCH_CLUSTER=2 BENCH_DATABASE_URL=… npm run bench -- drop-rush
//   node bench/tools/query-timing-report.mjs /tmp/query-timing-*.json
//
// Preloaded into every Node process of the run, it acts only in the API's (apps/api/dist/server.mjs): each call of
// node-postgres's Client#query is recorded as [start ms, duration ms (call to answer), ms since the same connection's
// previous answer, the statement's first words], and written to /tmp/query-timing-<pid>.json when the process ends.
// A diagnostic, never loaded by the product itself.
import fs from 'node:fs';
import pg from 'pg';

if (process.argv[1]?.includes('server.mjs')) {
  const calls = [];
  const lastAnswerAt = new WeakMap();
  const statementOf = (config) =>
    (typeof config === 'string' ? config : (config?.text ?? '')).replace(/\s+/g, ' ').trim().slice(0, 40);
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function timedQuery(config, values, callback) {
    const startedAt = performance.now();
    const previous = lastAnswerAt.get(this);
    const record = () => {
      const answeredAt = performance.now();
      calls.push([
        startedAt,
        answeredAt - startedAt,
        previous === undefined ? -1 : startedAt - previous,
        statementOf(config),
      ]);
      lastAnswerAt.set(this, answeredAt);
    };
    const timed =
      (done) =>
      (...answer) => {
        record();
        done(...answer);
      };
    if (typeof values === 'function') return query.call(this, config, timed(values));
    if (typeof callback === 'function') return query.call(this, config, values, timed(callback));
    if (typeof config?.callback === 'function') {
      config.callback = timed(config.callback);
      return query.call(this, config, values);
    }
    const answer = query.call(this, config, values);
    answer?.then?.(record, record);
    return answer;
  };
  process.on('exit', () => fs.writeFileSync(`/tmp/query-timing-${process.pid}.json`, JSON.stringify(calls)));
}
