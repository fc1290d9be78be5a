import nodemailer, { type Transporter } from 'nodemailer';
import { fatal, ok, unreachable, type Finding } from '../diagnosis.ts';
import type { Mailer, OutgoingEmail } from './mailer.ts';

/**
 * A job holds a worker while it talks to the server: bounded, so a server that accepts the
 * connection and then stalls fails the attempt and the queue retries it later.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Any SMTP provider, through nodemailer: SMTP_URL names the server and the login. */
export class SmtpMailer implements Mailer {
  readonly isSandbox = false;
  private readonly transporter: Transporter;
  private readonly server: string;

  constructor(settings: { smtpUrl: string; from: string }) {
    this.from = settings.from;
    const url = new URL(settings.smtpUrl);
    // Named without the login, for findings and logs.
    this.server = `${url.protocol}//${url.host}`;
    const secure = url.protocol === 'smtps:';
    this.transporter = nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      // smtps:// is TLS from the first byte; smtp:// upgrades with STARTTLS when the server offers it.
      secure,
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      ...TIMEOUTS,
    });
  }

  readonly from: string;

  async send(email: OutgoingEmail): Promise<void> {
    await this.transporter.sendMail({ from: this.from, ...email });
  }

  async diagnose(): Promise<Finding[]> {
    try {
      await this.transporter.verify();
      return [ok('smtp server', `${this.server} accepted the login in SMTP_URL`)];
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'EAUTH') {
        return [
          fatal(
            'smtp server',
            `${this.server} refused the login: ${(error as Error).message.split('\n')[0]}`,
            'Put the user name and password (or API key) your email provider gives for SMTP in SMTP_URL, URL-encoded: smtp://user:password@host:587.',
          ),
        ];
      }
      return [
        unreachable(
          'smtp server',
          error,
          `Check the host and port in SMTP_URL (${this.server}) and that this machine may reach it; many hosts block port 25, use 587 or 465.`,
        ),
      ];
    }
  }
}
