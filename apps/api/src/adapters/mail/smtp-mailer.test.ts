import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from './smtp-mailer.ts';

// The smallest SMTP server that nodemailer will talk to, on loopback: it keeps each message's envelope and data.
const messages: { from: string; to: string[]; data: string }[] = [];
const server = net.createServer((socket) => {
  let from = '';
  let to: string[] = [];
  let data = '';
  let isReadingData = false;
  let buffer = '';
  socket.write('220 localhost ESMTP test\r\n');
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    let end: number;
    while ((end = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (isReadingData) {
        if (line === '.') {
          isReadingData = false;
          messages.push({ from, to, data });
          socket.write('250 OK queued\r\n');
        } else data += `${line}\n`;
        continue;
      }
      const command = line.slice(0, 4).toUpperCase();
      if (command === 'EHLO' || command === 'HELO') {
        socket.write('250-localhost\r\n250 OK\r\n');
        continue;
      }
      if (command === 'QUIT') {
        socket.end('221 bye\r\n');
        continue;
      }
      if (command === 'MAIL') from = line;
      if (command === 'RCPT') to.push(line);
      if (command === 'RSET') to = [];
      if (command === 'DATA') {
        isReadingData = true;
        data = '';
        socket.write('354 go on\r\n');
        continue;
      }
      socket.write('250 OK\r\n');
    }
  });
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SMTP mailer', () => {
  it('delivers the email with its sender, recipient, subject and both bodies', async () => {
    const mailer = smtpMailer({
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      from: 'Cypher <no-reply@cypher.test>',
    });
    await mailer.sendEmail({
      to: 'fan@example.com',
      subject: 'Verify your email for Cypher',
      text: 'Open https://cypher.test/email/verify?key=abc',
      html: '<p>Open the link</p>',
    });
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message?.from).toContain('no-reply@cypher.test');
    expect(message?.to.join()).toContain('fan@example.com');
    expect(message?.data).toContain('Subject: Verify your email for Cypher');
    expect(message?.data).toContain('https://cypher.test/email/verify?key=abc');
    expect(message?.data).toContain('text/html');
  });

  it('names a message that may be sent again after a crash by a stable Message-ID', async () => {
    const mailer = smtpMailer({
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      from: 'Cypher <no-reply@cypher.test>',
    });
    const reminder = { to: 'fan@example.com', subject: 'Round 1 is open', text: 'Go', messageId: 'drop-reminder.r1' };
    await mailer.sendEmail(reminder);
    await mailer.sendEmail(reminder);
    const ids = messages.slice(-2).map((message) => message.data.match(/^Message-ID: (.*)$/im)?.[1]);
    expect(ids).toEqual(['<drop-reminder.r1@cypher.test>', '<drop-reminder.r1@cypher.test>']);
  });

  it('gives a list mail the one-click unsubscribe headers (RFC 8058), and other mail none', async () => {
    const mailer = smtpMailer({
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      from: 'Cypher <no-reply@cypher.test>',
    });
    const unsubscribeUrl = 'https://cypher.test/v1/subscribe/unsubscribe?token=abc.def';
    await mailer.sendEmail({ to: 'fan@example.com', subject: 'Welcome', text: 'Hi', unsubscribeUrl });
    await mailer.sendEmail({ to: 'fan@example.com', subject: 'Verify', text: 'Open the link' });
    // Long headers arrive folded onto continuation lines: unfolded (RFC 5322) before they are read.
    const [list, other] = messages.slice(-2).map((message) => message.data.replace(/\n[ \t]+/g, ' '));
    expect(list).toMatch(/^List-Unsubscribe: <https:\/\/cypher\.test\/v1\/subscribe\/unsubscribe\?token=abc\.def>$/m);
    expect(list).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(other).not.toMatch(/^List-Unsubscribe/m);
  });
});
