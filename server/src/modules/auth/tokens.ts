import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens and sign-in handoff ids. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash reaches the database, so a leaked table cannot be replayed as cookies. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
