import http from 'node:http';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@cypher/contract';
import { bearer } from '../testing/auth-helpers.ts';
import { signUpOperator } from '../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { DEFAULT_DRAIN_BOUND, discardRestOfBody, registerRequestBodyDrain } from './request-body-drain.ts';

// A body past its limit, sent over a real socket as clients send it: in chunks, with time between them, so the
// server has answered (or closed) long before the last one. The client reads the answer only after sending all of it,
// as many do (a write that fails first is what browsers and fetch report as a reset).

const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x61);

let t: TestApp;
let port: number;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await signUpOperator(t, 'admin')).accessToken;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

interface Exchange {
  /** Bytes of the body the socket took before it failed or the body ended. */
  sent: number;
  /** The write that failed (EPIPE, ECONNRESET), if one did. */
  writeError?: string;
  status: number;
  head: string;
  body: string;
}

/** Sends `head` then `chunks` one by one, `pauseMs` apart, and reads whatever answer comes until the socket closes. */
function sendInChunks(head: string, chunks: Iterable<Buffer>, pauseMs: number): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let sent = 0;
    let writeError: string | undefined;
    let answer = Buffer.alloc(0);
    socket.on('data', (chunk) => (answer = Buffer.concat([answer, chunk])));
    socket.on('error', (error: NodeJS.ErrnoException) => (writeError ??= error.code ?? error.message));
    socket.on('close', () => {
      const text = answer.toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = split === -1 ? text : text.slice(0, split);
      resolve({ sent, writeError, status: Number(head.split(' ')[1]), head, body: text.slice(split + 4) });
    });
    const write = (data: Buffer | string) =>
      new Promise<boolean>((done) => socket.write(data, (error) => done(!error && !socket.destroyed)));
    socket.once('connect', async () => {
      if (!(await write(head))) return;
      for (const chunk of chunks) {
        await new Promise((wait) => setTimeout(wait, pauseMs));
        if (writeError || !(await write(chunk))) return;
        sent += chunk.length;
      }
      socket.end();
    });
  });
}

function* repeatChunk(totalBytes: number): Generator<Buffer> {
  for (let left = totalBytes; left > 0; left -= CHUNK.length) {
    yield left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
  }
}

/** The same chunks in HTTP/1.1 chunked encoding, as fetch sends a streamed body whose length it does not know. */
function* chunkedEncoding(chunks: Iterable<Buffer>): Generator<Buffer> {
  for (const chunk of chunks)
    yield Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
  yield Buffer.from('0\r\n\r\n');
}

const payloadTooLarge = { code: 'PAYLOAD_TOO_LARGE', message: errorCatalogue.PAYLOAD_TOO_LARGE.message };
const fileTooLarge = { code: 'FILE_TOO_LARGE', message: 'Size to large to Accept' };

describe('a JSON body past the 1 MiB limit, sent in chunks', () => {
  const path = '/v1/users/authentications/login';

  it('is read to its end and answered 413 PAYLOAD_TOO_LARGE when its length is declared', async () => {
    const size = 3 * MB;
    const head = `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`;
    const exchange = await sendInChunks(head, repeatChunk(size), 2);
    expect(exchange.writeError).toBeUndefined();
    expect(exchange.sent).toBe(size);
    expect(exchange.status).toBe(413);
    expect(exchange.head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(exchange.body)).toEqual(payloadTooLarge);
  });

  it('is read to its end and answered 413 PAYLOAD_TOO_LARGE when it streams with no declared length', async () => {
    const size = 3 * MB;
    const head = `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const exchange = await sendInChunks(head, chunkedEncoding(repeatChunk(size)), 2);
    expect(exchange.writeError).toBeUndefined();
    expect(exchange.status).toBe(413);
    expect(JSON.parse(exchange.body)).toEqual(payloadTooLarge);
  });

  it('reaches node’s fetch as the 413 answer, streamed or not', async () => {
    for (const body of [Buffer.alloc(3 * MB, 0x61), new Blob([Buffer.alloc(3 * MB, 0x61)]).stream()]) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual(payloadTooLarge);
    }
  });
});

describe('an upload past its file limit, sent in chunks', () => {
  function multipartHead(boundary: string, contentLength: number) {
    return (
      `POST /v1/console/media HTTP/1.1\r\nHost: x\r\nAuthorization: ${bearer(adminToken).authorization}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${contentLength}\r\n\r\n`
    );
  }
  function multipartChunks(fileBytes: number) {
    const boundary = `----cypher${randomBytes(8).toString('hex')}`;
    const opening = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
    const length = opening.length + fileBytes + closing.length;
    return { boundary, length, chunks: [opening, ...repeatChunk(fileBytes), closing] };
  }

  it('is read to its end and answered FILE_TOO_LARGE with the spec’s words (12 MB against the console’s 10 MB)', async () => {
    const { boundary, length, chunks } = multipartChunks(12 * MB);
    const exchange = await sendInChunks(multipartHead(boundary, length), chunks, 1);
    expect(exchange.writeError).toBeUndefined();
    expect(exchange.sent).toBe(length);
    expect(exchange.status).toBe(errorCatalogue.FILE_TOO_LARGE.status);
    expect(JSON.parse(exchange.body)).toEqual(fileTooLarge);
  });

  it('is not read past 16 MiB beyond the limit: the answer goes and the connection closes', async () => {
    const { boundary, length, chunks } = multipartChunks(60 * MB);
    const exchange = await sendInChunks(multipartHead(boundary, length), chunks, 0);
    // The server stopped reading at 10 MB + 16 MiB (plus what the sockets' buffers hold), far from the 60 MB sent.
    expect(exchange.sent).toBeLessThan(10 * MB + DEFAULT_DRAIN_BOUND.bytes + 8 * MB);
    expect(exchange.head).toMatch(/connection: close/i);
    expect(JSON.parse(exchange.body)).toEqual(fileTooLarge);
  });
});

describe('discardRestOfBody', () => {
  it('gives up on a sender that stalls once its time is up, and says the body did not end', async () => {
    const server = http.createServer((request, response) => {
      void discardRestOfBody(request, { bytes: MB, ms: 100 }).then((hasEnded) => {
        response.end(String(hasEnded));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port: serverPort } = server.address() as net.AddressInfo;
    const answers: string[] = [];
    for (const sendAll of [true, false]) {
      const answer = await new Promise<string>((resolve, reject) => {
        const request = http.request({ port: serverPort, host: '127.0.0.1', method: 'POST' }, (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve(text));
        });
        request.on('error', reject);
        request.write('part of a body');
        if (sendAll) request.end();
      });
      answers.push(answer);
    }
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    expect(answers).toEqual(['true', 'false']);
  });
});

describe('an answer to a client that has already gone', () => {
  it('leaves at once, without waiting out the drain’s time for a body nobody is sending any more', async () => {
    const app = Fastify();
    registerRequestBodyDrain(app, { bytes: MB, ms: 10_000 });
    let clientGone!: () => void;
    const isClientGone = new Promise<void>((resolve) => (clientGone = resolve));
    let answering!: () => void;
    const isAnswering = new Promise<void>((resolve) => (answering = resolve));
    let drained!: () => void;
    const isDrained = new Promise<void>((resolve) => (drained = resolve));
    // Registered after the drain, so it runs once the drain has let the answer go.
    app.addHook('onSend', (_request, _reply, payload, done) => {
      drained();
      done(null, payload);
    });
    // Answers before the body is read, as a refusal past a limit does, but only once the client has gone.
    app.addHook('onRequest', async (request, reply) => {
      if (!request.raw.closed) await new Promise((resolve) => request.raw.once('close', resolve));
      answering();
      return reply.code(413).send({ code: 'PAYLOAD_TOO_LARGE' });
    });
    app.post('/', async () => ({}));
    await app.listen({ port: 0, host: '127.0.0.1' });
    // The drain's 10 s are on a fake clock from here: the answer must leave before anyone moves it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { port: serverPort } = app.server.address() as net.AddressInfo;
      const socket = net.connect(serverPort, '127.0.0.1');
      socket.on('error', () => {});
      socket.on('close', () => clientGone());
      socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${3 * MB}\r\n\r\n`);
      // A part small enough for the server to keep reading, so it sees the client leave.
      socket.write(CHUNK.subarray(0, 1000), () => socket.destroy());
      await isClientGone;
      await isAnswering;
      const first = await Promise.race([
        isDrained.then(() => 'answered'),
        (async () => {
          for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
          return 'still waiting';
        })(),
      ]);
      vi.advanceTimersByTime(DEFAULT_DRAIN_BOUND.ms);
      await isDrained;
      expect(first).toBe('answered');
    } finally {
      vi.useRealTimers();
      await app.close();
    }
  });
});
