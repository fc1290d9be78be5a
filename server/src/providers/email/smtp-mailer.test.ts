import { afterAll, beforeAll, expect, test } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.ts';
import { SmtpMailer } from './smtp-mailer.ts';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

const FROM = 'Santa Calls <santa@santa.example>';

test('an email reaches the SMTP server once, from EMAIL_FROM, with its text and HTML parts', async () => {
  const mailer = new SmtpMailer({ smtpUrl: smtp.url, from: FROM });
  const before = smtp.received.length;
  await mailer.send({
    to: 'pat@example.com',
    subject: 'Ho ho ho',
    text: 'Plain words https://santa.example/dashboard',
    html: '<p>Rich <a href="https://santa.example/dashboard">words</a></p>',
  });
  const [email] = (await smtp.waitFor(before + 1)).slice(before);
  expect(email).toMatchObject({ from: 'santa@santa.example', to: ['pat@example.com'], subject: 'Ho ho ho' });
  expect(email!.text).toContain('https://santa.example/dashboard');
  expect(email!.html).toContain('<a href="https://santa.example/dashboard">words</a>');
  expect(smtp.received.length).toBe(before + 1);
});

test('the doctor finds the server accepting our login', async () => {
  const findings = await new SmtpMailer({ smtpUrl: smtp.url, from: FROM }).diagnose();
  expect(findings).toEqual([
    expect.objectContaining({
      severity: 'ok',
      check: 'smtp server',
      detail: expect.stringContaining('127.0.0.1'),
    }),
  ]);
  expect(findings[0]!.detail).not.toContain('north-pole');
});

test('a refused login is a set-up problem that blocks a production start; the password is never shown', async () => {
  const wrong = smtp.url.replace('north-pole', 'wrong-password');
  const [finding] = await new SmtpMailer({ smtpUrl: wrong, from: FROM }).diagnose();
  expect(finding).toMatchObject({
    severity: 'fatal',
    check: 'smtp server',
    fix: expect.stringContaining('SMTP_URL'),
  });
  expect(finding!.transient).toBeUndefined();
  expect(finding!.detail).not.toContain('wrong-password');
});

test('a server that does not answer is reported as unreachable, not as a set-up problem', async () => {
  const closed = await startSmtpServer();
  await closed.close();
  const [finding] = await new SmtpMailer({ smtpUrl: closed.url, from: FROM }).diagnose();
  expect(finding).toMatchObject({ severity: 'fatal', transient: true, check: 'smtp server' });
});
