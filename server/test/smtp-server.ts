import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it, its MIME parts decoded. */
export interface ReceivedEmail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface TestSmtpServer {
  /** SMTP_URL for this server with the right login. */
  url: string;
  port: number;
  received: ReceivedEmail[];
  /** Resolves once `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEmail[]>;
  close(): Promise<void>;
}

export const SMTP_USER = 'santa';
export const SMTP_PASSWORD = 'north-pole';

function decode(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function header(block: string, name: string): string {
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
}

/** Enough MIME for our own emails: the text/plain and text/html parts of a (nested) multipart. */
function parts(raw: string): { text: string; html: string } {
  const found = { text: '', html: '' };
  const walk = (entity: string) => {
    const split = entity.search(/\r?\n\r?\n/);
    const head = entity.slice(0, split);
    const body = entity.slice(split).replace(/^\r?\n\r?\n/, '');
    const type = header(head, 'Content-Type');
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (boundary) {
      for (const part of body.split(`--${boundary}`).slice(1)) {
        if (!part.startsWith('--')) walk(part.replace(/^\r?\n/, ''));
      }
    } else if (/text\/plain/i.test(type)) {
      found.text = decode(body, header(head, 'Content-Transfer-Encoding'));
    } else if (/text\/html/i.test(type)) {
      found.html = decode(body, header(head, 'Content-Transfer-Encoding'));
    }
  };
  walk(raw);
  return found;
}

function decodeSubject(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decode(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

/** A real SMTP server on loopback (smtp-server), requiring a login, keeping what it receives. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to make, and nodemailer may log in without TLS.
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: SMTP_USER });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headEnd = raw.search(/\r?\n\r?\n/);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: decodeSubject(header(raw.slice(0, headEnd), 'Subject')),
          ...parts(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    port,
    received,
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} emails, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
