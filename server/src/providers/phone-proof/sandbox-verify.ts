import { randomBytes, randomInt } from 'node:crypto';
import type { PhoneCodeChannel } from '@santa/shared/santa';
import type { Db } from '../../db/db.ts';
import { sandboxFinding, type Finding } from '../diagnosis.ts';
import { CodeNotSentError, type CodeCheck, type PhoneVerifier } from './phone-verifier.ts';

/** Twilio Verify's defaults, which the sandbox keeps: a code lives 10 minutes, 5 sends, 5 checks. */
const CODE_LIFE_SECONDS = 10 * 60;
const MAX_SENDS = 5;
const MAX_CHECKS = 5;

interface PendingRow {
  sid: string;
  code: string;
  send_attempts: number;
  check_attempts: number;
}

/** What the phone shows: Verify's default text, or what its call reads out. */
function deliveryText(code: string, channel: PhoneCodeChannel): string {
  const text = `Your Santa Calls verification code is: ${code}`;
  return channel === 'call' ? `Voice call: ${text}` : text;
}

/**
 * Twilio Verify for the sandbox: the same rules as Verify (one pending code per number, the same
 * code when asked again, its limits), the code delivered to the sandbox phone as a text, or as
 * the words of a call.
 */
export class SandboxVerify implements PhoneVerifier {
  readonly isSandbox = true;

  constructor(
    private readonly db: Db,
    /** The sandbox phone's inbox (SandboxTelephony.sendSms). */
    private readonly deliver: (to: string, body: string) => Promise<void>,
  ) {}

  async sendCode(to: string, channel: PhoneCodeChannel): Promise<void> {
    const code = await this.db.transaction(async (tx) => {
      await tx.query(
        "update sandbox_verifications set status = 'expired' where to_number = $1 and status = 'pending' and expires_at <= now()",
        [to],
      );
      const { rows } = await tx.query<PendingRow>(
        "select sid, code, send_attempts, check_attempts from sandbox_verifications where to_number = $1 and status = 'pending' for update",
        [to],
      );
      const pending = rows[0];
      if (pending && pending.send_attempts >= MAX_SENDS)
        throw new CodeNotSentError('too_many_sends', 'Max send attempts reached (Verify 60203)');
      if (pending) {
        await tx.query(
          'update sandbox_verifications set send_attempts = send_attempts + 1, channel = $2 where sid = $1',
          [pending.sid, channel],
        );
        return pending.code;
      }
      const fresh = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await tx.query(
        `insert into sandbox_verifications (sid, to_number, channel, code, expires_at)
         values ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
        [`VE${randomBytes(16).toString('hex')}`, to, channel, fresh, CODE_LIFE_SECONDS],
      );
      return fresh;
    });
    await this.deliver(to, deliveryText(code, channel));
  }

  async checkCode(to: string, code: string): Promise<CodeCheck> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<PendingRow>(
        `select sid, code, send_attempts, check_attempts from sandbox_verifications
         where to_number = $1 and status = 'pending' and expires_at > now() for update`,
        [to],
      );
      const pending = rows[0];
      if (!pending || pending.check_attempts >= MAX_CHECKS) return 'expired';
      if (pending.code === code) {
        await tx.query("update sandbox_verifications set status = 'approved' where sid = $1", [pending.sid]);
        return 'approved';
      }
      await tx.query('update sandbox_verifications set check_attempts = check_attempts + 1 where sid = $1', [
        pending.sid,
      ]);
      return 'wrong';
    });
  }

  async diagnose(): Promise<Finding[]> {
    return sandboxFinding(
      'Create a Verify service in the Twilio Console (Verify > Services) and set TWILIO_VERIFY_SERVICE_SID ' +
        'with TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN.',
    );
  }
}
