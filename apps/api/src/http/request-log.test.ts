import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readInProcess } from './in-process-read.ts';
import { isLoggedRequest, readableLogLine, RequestLogController } from './request-log.ts';

describe('request logs', () => {
  it('write one line per API request and none for the web app, uploads or the docs’ assets', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
      logController: new RequestLogController(),
    });
    app.get('/v1/drops', async () => ({ data: [] }));
    app.get('/assets/app.js', async () => 'export {}');
    app.get('/uploads/a.webp', async () => 'image');
    await app.inject('/v1/drops?status=AVAILABLE');
    await app.inject('/assets/app.js');
    await app.inject('/uploads/a.webp');
    await app.inject('/favicon.svg');
    await app.close();

    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toEqual([
      expect.objectContaining({
        level: 30,
        method: 'GET',
        url: '/v1/drops?status=AVAILABLE',
        statusCode: 200,
        ms: expect.any(Number),
      }),
    ]);
    expect(lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toEqual([]);
  });

  // Session 35's note: the reads a page view makes in process (its render, its subject's check) were logged as API
  // requests, so the API's 404 counts included every page view of a missing collection.
  it("leaves out the reads a page view makes in process, and only those: the mark can't be sent from outside", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
      logController: new RequestLogController(),
    });
    app.get('/v1/collections/:id', async (_request, reply) => reply.code(404).send({ code: 'NOT_FOUND' }));
    expect((await readInProcess(app, '/v1/collections/1')).statusCode).toBe(404);
    await app.inject({ url: '/v1/collections/2', headers: { 'x-in-process-read': 'guessed' } });
    await app.close();

    expect(lines.filter((line) => line.msg === 'request').map((line) => line.url)).toEqual(['/v1/collections/2']);
  });

  it('tells API requests from files', () => {
    expect(isLoggedRequest('/v1/users/my')).toBe(true);
    expect(isLoggedRequest('/v2/orders')).toBe(true);
    expect(isLoggedRequest('/dev/mailbox')).toBe(true);
    expect(isLoggedRequest('/assets/index-Abc123.js')).toBe(false);
    expect(isLoggedRequest('/uploads/brand.webp')).toBe(false);
    expect(isLoggedRequest('/docs/static/swagger-ui.css')).toBe(false);
    expect(isLoggedRequest('/drops')).toBe(false);
  });

  it('reads as a sentence in development', () => {
    const time = new Date(2026, 10, 22, 12, 4, 31).getTime();
    const request = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: 'h',
      reqId: 'r1',
      method: 'GET',
      url: '/v1/drops',
      statusCode: 200,
      ms: 4,
      msg: 'request',
    });
    expect(readableLogLine(request)).toBe('12:04:31 INFO  GET /v1/drops 200 4 ms\n');

    const warning = JSON.stringify({
      level: 40,
      time,
      pid: 1,
      hostname: 'h',
      webDistDir: '/x',
      msg: 'web app is not built',
    });
    expect(readableLogLine(warning)).toBe('12:04:31 WARN  web app is not built {"webDistDir":"/x"}\n');

    const failure = readableLogLine(
      JSON.stringify({ level: 50, time, msg: 'job error', err: { message: 'boom', stack: 'Error: boom\n    at x' } }),
    );
    expect(failure).toBe('12:04:31 ERROR job error\nError: boom\n    at x\n');

    expect(readableLogLine('not json')).toBe('not json\n');
  });
});
