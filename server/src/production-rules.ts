/**
 * What a production start refuses because it cannot work or cannot be safe, beyond missing keys
 * (config.ts): checked once at start, each problem naming its setting and the fix.
 */
export interface ProductionSettings {
  NODE_ENV?: string;
  /** True when the sandboxes are on (ALLOW_SANDBOX=true, a trial or staging deployment). */
  sandboxesOn: boolean;
  SANDBOX_PAGES_TOKEN?: string;
  PUBLIC_URL?: string;
  SANTA_HOTLINE_NUMBER?: string;
  SMTP_URL?: string;
  RECORDINGS_S3_BUCKET?: string;
  RECORDINGS_LOCAL_DISK?: string;
}

const E164 = /^\+[1-9]\d{6,14}$/;
export const SANDBOX_TOKEN_MIN_LENGTH = 24;

/** An SMTP URL that cannot send in clear text: smtps://, or smtp:// with requireTLS=true. */
function smtpIsEncrypted(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'smtps:' || parsed.searchParams.get('requireTLS') === 'true';
  } catch {
    return false;
  }
}

export function productionProblems(e: ProductionSettings): string[] {
  if (e.NODE_ENV !== 'production') return [];
  if (e.sandboxesOn) {
    // The sandbox mailbox and phone show every reset link and code: only the token's holders may look.
    return (e.SANDBOX_PAGES_TOKEN?.length ?? 0) >= SANDBOX_TOKEN_MIN_LENGTH
      ? []
      : [
          `SANDBOX_PAGES_TOKEN: required (at least ${SANDBOX_TOKEN_MIN_LENGTH} characters) with ALLOW_SANDBOX=true in production, or the sandbox mailbox and phone show every reset link and code to anyone.`,
        ];
  }
  const problems: string[] = [];
  if (e.PUBLIC_URL && !e.PUBLIC_URL.startsWith('https://'))
    problems.push(
      'PUBLIC_URL: must be https:// in production; Twilio, Stripe and ElevenLabs post to it and session cookies are Secure (put TLS in front of the app, set TRUST_PROXY).',
    );
  if (e.SANTA_HOTLINE_NUMBER && !E164.test(e.SANTA_HOTLINE_NUMBER))
    problems.push('SANTA_HOTLINE_NUMBER: must be in E.164, such as +14155550100.');
  if (e.SMTP_URL && !smtpIsEncrypted(e.SMTP_URL))
    problems.push(
      'SMTP_URL: must be smtps://… or smtp://…?requireTLS=true in production, or reset links travel in clear text.',
    );
  if (!e.RECORDINGS_S3_BUCKET && e.RECORDINGS_LOCAL_DISK !== 'single-replica')
    problems.push(
      'RECORDINGS_S3_BUCKET: recordings need a bucket in production (a second replica would not see a local disk); set RECORDINGS_LOCAL_DISK=single-replica if one replica on one disk is deliberate.',
    );
  return problems;
}
