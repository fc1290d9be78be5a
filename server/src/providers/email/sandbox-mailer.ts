import type { Db } from '../../db/db.ts';
import { sandboxFinding, type Finding } from '../diagnosis.ts';
import type { Mailer, OutgoingEmail } from './mailer.ts';

export interface SandboxEmail extends OutgoingEmail {
  id: string;
  from: string;
  createdAt: Date;
}

interface SandboxEmailRow {
  id: string;
  to_address: string;
  from_address: string;
  subject: string;
  html: string;
  text: string;
  created_at: Date;
}

const toEmail = (row: SandboxEmailRow): SandboxEmail => ({
  id: String(row.id),
  to: row.to_address,
  from: row.from_address,
  subject: row.subject,
  html: row.html,
  text: row.text,
  createdAt: new Date(row.created_at),
});

/**
 * Keeps what it "sends" in a table rather than in memory, so the mailbox at /sandbox/mail shows
 * every replica's messages and they survive a restart, as a real inbox would.
 */
export class SandboxMailer implements Mailer {
  readonly isSandbox = true;

  constructor(
    private readonly db: Db,
    readonly from: string,
  ) {}

  async send(email: OutgoingEmail): Promise<void> {
    await this.db.query(
      `insert into sandbox_emails (to_address, from_address, subject, html, text)
       values ($1, $2, $3, $4, $5)`,
      [email.to, this.from, email.subject, email.html, email.text],
    );
  }

  /** Newest first. */
  async list(limit = 200): Promise<SandboxEmail[]> {
    const { rows } = await this.db.query<SandboxEmailRow>(
      'select * from sandbox_emails order by id desc limit $1',
      [limit],
    );
    return rows.map(toEmail);
  }

  async find(id: string): Promise<SandboxEmail | undefined> {
    if (!/^\d{1,18}$/.test(id)) return undefined;
    const { rows } = await this.db.query<SandboxEmailRow>('select * from sandbox_emails where id = $1', [id]);
    return rows[0] ? toEmail(rows[0]) : undefined;
  }

  async diagnose(): Promise<Finding[]> {
    return sandboxFinding(
      'Set SMTP_URL (smtp://user:password@host:587 from your email provider) and EMAIL_FROM to send real email.',
    );
  }
}
