import type { Db } from '../../db/db.ts';
import type { SessionCache } from './session-cache.ts';

/**
 * The channel the database tells every replica on when a session ends or an account changes
 * (migration 0061): `token:<token hash>` or `user:<user id>`.
 */
export const SESSION_REVOKED_CHANNEL = 'session_revoked';

export interface SessionMemory {
  /** How long a looked-up session is remembered while revocations are heard. */
  heardMs: number;
  /** How long while they are not: short enough to keep the one-second promise on its own. */
  unheardMs: number;
}

/**
 * Forgets what another replica revoked as soon as its transaction commits. Whenever hearing starts
 * or stops, everything remembered is forgotten: what was looked up before may predate a revocation
 * that was never heard. Answers whether they are heard now.
 */
export function hearSessionRevocations(
  db: Db,
  sessions: SessionCache<unknown>,
  memory: SessionMemory,
): () => boolean {
  let heard = false;
  db.listen(SESSION_REVOKED_CHANNEL, {
    notified(payload) {
      const [kind, key] = [payload.slice(0, payload.indexOf(':')), payload.slice(payload.indexOf(':') + 1)];
      if (kind === 'token') sessions.forgetToken(key);
      else if (kind === 'user') sessions.forgetUser(key);
    },
    hearing(on) {
      heard = on;
      sessions.forgetAll(on ? memory.heardMs : memory.unheardMs);
    },
  });
  return () => heard;
}
