import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discordBotRoleSync } from './discord-bot-role-sync.ts';

// A stand-in for Discord's API on loopback: it records what arrives and answers like Discord would.
const received: { method: string; url: string; authorization: string | undefined; body: unknown }[] = [];
let answer = { status: 204, body: '' };
const server = http.createServer((request, response) => {
  let raw = '';
  request.on('data', (chunk) => (raw += chunk));
  request.on('end', () => {
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
      body: raw ? JSON.parse(raw) : null,
    });
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
});
let apiBaseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBaseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v10`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Discord bot role sync', () => {
  it('empties the member’s roles on the guild with the bot token', async () => {
    const sync = discordBotRoleSync({ token: 'bot-token', guildId: '9001', apiBaseUrl });
    await sync.resetRoles('1234567890');
    expect(received.at(-1)).toEqual({
      method: 'PATCH',
      url: '/api/v10/guilds/9001/members/1234567890',
      authorization: 'Bot bot-token',
      body: { roles: [] },
    });
  });

  it('counts a member who already left the server as reset', async () => {
    answer = { status: 404, body: JSON.stringify({ message: 'Unknown Member', code: 10007 }) };
    const sync = discordBotRoleSync({ token: 'bot-token', guildId: '9001', apiBaseUrl });
    await expect(sync.resetRoles('1234567890')).resolves.toBeUndefined();
  });

  it('fails loudly on anything else, so the reset is retried later', async () => {
    answer = { status: 403, body: JSON.stringify({ message: 'Missing Permissions', code: 50013 }) };
    const sync = discordBotRoleSync({ token: 'bot-token', guildId: '9001', apiBaseUrl });
    await expect(sync.resetRoles('1234567890')).rejects.toThrow('Discord answered 403');
  });
});
