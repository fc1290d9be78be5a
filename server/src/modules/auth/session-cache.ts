/**
 * A per-process memory of sessions already looked up (docs/decisions/0004). Every /api request
 * resolves its cookie; without this, each one is a database round trip that costs more than the
 * rest of the request. A logout or account change on this process forgets its entries at once;
 * one on another replica is heard (revocations) or, while none can be heard, outlived by a TTL
 * short enough to keep the promise.
 */
export interface SessionCache<T> {
  get(tokenHash: string): T | undefined;
  /** Read before the database lookup and handed to set: see set. */
  generation(): number;
  /**
   * notAfter: the session's own expiry, which the memory never outlives. seenGeneration: what
   * generation() said before the lookup; when anything was forgotten since, the looked-up row may
   * predate a logout, so it is not remembered.
   */
  set(tokenHash: string, userId: string, value: T, notAfter: number, seenGeneration: number): void;
  forgetToken(tokenHash: string): void;
  forgetUser(userId: string): void;
  /** Forgets every entry, and remembers the ones set from now on for ttlMs. */
  forgetAll(ttlMs: number): void;
}

interface Entry<T> {
  userId: string;
  value: T;
  expiresAt: number;
}

export function createSessionCache<T>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): SessionCache<T> {
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order, so its first key is always the oldest entry.
  const entries = new Map<string, Entry<T>>();
  let generation = 0;
  let ttlMs = options.ttlMs;

  return {
    get(tokenHash) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.value;
    },

    generation: () => generation,

    set(tokenHash, userId, value, notAfter, seenGeneration) {
      if (seenGeneration !== generation) return;
      const expiresAt = Math.min(now() + ttlMs, notAfter);
      if (expiresAt <= now()) return;
      entries.delete(tokenHash);
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(tokenHash, { userId, value, expiresAt });
    },

    forgetToken(tokenHash) {
      generation += 1;
      entries.delete(tokenHash);
    },

    forgetUser(userId) {
      generation += 1;
      for (const [key, entry] of entries) if (entry.userId === userId) entries.delete(key);
    },

    forgetAll(nextTtlMs) {
      generation += 1;
      entries.clear();
      ttlMs = nextTtlMs;
    },
  };
}
