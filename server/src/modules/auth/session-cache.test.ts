import { describe, expect, test } from 'vitest';
import { createSessionCache } from './session-cache.ts';

function cacheAt(start: number, options: { ttlMs?: number; maxEntries?: number } = {}) {
  const clock = { now: start };
  const cache = createSessionCache<string>({
    ttlMs: options.ttlMs ?? 5_000,
    maxEntries: options.maxEntries ?? 100,
    now: () => clock.now,
  });
  return { cache, clock };
}

const FAR = Number.MAX_SAFE_INTEGER;

describe('session memory', () => {
  test('remembers a session for the TTL and no longer', () => {
    const { cache, clock } = cacheAt(1_000);
    cache.set('hash-a', 'user-1', 'Robin', FAR, cache.generation());
    clock.now += 4_999;
    expect(cache.get('hash-a')).toBe('Robin');
    clock.now += 1;
    expect(cache.get('hash-a')).toBeUndefined();
  });

  test('never outlives the session’s own expiry', () => {
    const { cache, clock } = cacheAt(1_000);
    cache.set('hash-a', 'user-1', 'Robin', 2_000, cache.generation());
    clock.now = 1_999;
    expect(cache.get('hash-a')).toBe('Robin');
    clock.now = 2_000;
    expect(cache.get('hash-a')).toBeUndefined();
  });

  test('does not remember a session that has already expired', () => {
    const { cache } = cacheAt(1_000);
    cache.set('hash-a', 'user-1', 'Robin', 1_000, cache.generation());
    expect(cache.get('hash-a')).toBeUndefined();
  });

  test('a TTL of 0 remembers nothing', () => {
    const { cache } = cacheAt(1_000, { ttlMs: 0 });
    cache.set('hash-a', 'user-1', 'Robin', FAR, cache.generation());
    expect(cache.get('hash-a')).toBeUndefined();
  });

  test('forgets one token on logout and every token of a deleted user', () => {
    const { cache } = cacheAt(1_000);
    cache.set('hash-a', 'user-1', 'Robin', FAR, cache.generation());
    cache.set('hash-b', 'user-1', 'Robin', FAR, cache.generation());
    cache.set('hash-c', 'user-2', 'Sam', FAR, cache.generation());
    cache.forgetToken('hash-a');
    expect(cache.get('hash-a')).toBeUndefined();
    expect(cache.get('hash-b')).toBe('Robin');
    cache.forgetUser('user-1');
    expect(cache.get('hash-b')).toBeUndefined();
    expect(cache.get('hash-c')).toBe('Sam');
  });

  test('holds at most maxEntries, dropping the oldest first', () => {
    const { cache } = cacheAt(1_000, { maxEntries: 2 });
    cache.set('hash-a', 'user-1', 'A', FAR, cache.generation());
    cache.set('hash-b', 'user-2', 'B', FAR, cache.generation());
    cache.set('hash-c', 'user-3', 'C', FAR, cache.generation());
    expect(cache.get('hash-a')).toBeUndefined();
    expect(cache.get('hash-b')).toBe('B');
    expect(cache.get('hash-c')).toBe('C');
  });

  test('a lookup that raced a logout is not remembered', () => {
    const { cache } = cacheAt(1_000);
    const before = cache.generation();
    // The database answered, then a logout on this process forgot the token before set.
    cache.forgetToken('hash-a');
    cache.set('hash-a', 'user-1', 'Robin', FAR, before);
    expect(cache.get('hash-a')).toBeUndefined();
  });
});
