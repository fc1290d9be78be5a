import { createHash } from 'node:crypto';
import { rateLimit, type Options, type Store, type ClientRateLimitInfo } from 'express-rate-limit';
import type { Db } from '../db/db.ts';
import { AppError } from './errors.ts';

/**
 * express-rate-limit store on our database, so every replica shares one count.
 * Keys are hashed: some contain an email address.
 */
export class DbRateLimitStore implements Store {
  private windowMs = 60_000;
  prefix: string;

  constructor(
    private readonly db: Db,
    prefix: string,
  ) {
    this.prefix = prefix;
  }

  init(options: Options) {
    this.windowMs = options.windowMs;
  }

  private hash(key: string) {
    return createHash('sha256').update(`${this.prefix}:${key}`).digest('hex');
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const { rows } = await this.db.query<{ hits: number; reset_at: Date }>(
      'select hits, reset_at from rate_limits where key_hash = $1 and reset_at > now()',
      [this.hash(key)],
    );
    const row = rows[0];
    return row ? { totalHits: row.hits, resetTime: new Date(row.reset_at) } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const { rows } = await this.db.query<{ hits: number; reset_at: Date }>(
      `insert into rate_limits (key_hash, hits, reset_at)
       values ($1, 1, now() + make_interval(secs => $2::double precision))
       on conflict (key_hash) do update set
         hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
         reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
       returning hits, reset_at`,
      [this.hash(key), this.windowMs / 1000],
    );
    const row = rows[0]!;
    return { totalHits: row.hits, resetTime: new Date(row.reset_at) };
  }

  async decrement(key: string) {
    await this.db.query('update rate_limits set hits = greatest(hits - 1, 0) where key_hash = $1', [
      this.hash(key),
    ]);
  }

  async resetKey(key: string) {
    await this.db.query('delete from rate_limits where key_hash = $1', [this.hash(key)]);
  }
}

export interface LimitRule {
  limit: number;
  windowMs: number;
}

function tooMany(detail: string): Options['handler'] {
  return (_req, _res, next, options) => {
    next(
      new AppError('rate_limited', detail, {
        'Retry-After': String(Math.ceil(options.windowMs / 1000)),
      }),
    );
  };
}

/**
 * A per-address limit. `countSuccesses: false` counts only answers ≥ 400, so many families behind
 * one carrier address are never throttled for signing in successfully.
 */
export function limitByIp(
  db: Db,
  name: string,
  rule: LimitRule,
  detail: string,
  options: { countSuccesses?: boolean } = {},
) {
  return rateLimit({
    ...rule,
    skipSuccessfulRequests: options.countSuccesses === false,
    store: new DbRateLimitStore(db, `ip:${name}`),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: tooMany(detail),
  });
}

/** A limit per signed-in user (after requireUser), for actions that call an outside service. */
export function limitByUser(db: Db, name: string, rule: LimitRule, detail: string) {
  return rateLimit({
    ...rule,
    store: new DbRateLimitStore(db, `user:${name}`),
    keyGenerator: (req) => req.user?.id ?? 'anonymous',
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    validate: { keyGeneratorIpFallback: false },
    handler: tooMany(detail),
  });
}

/**
 * A limit per value of the request (an email address asked about), whoever asks: spreading
 * requests over many addresses does not let anyone flood one inbox.
 */
export function limitByKey(
  db: Db,
  name: string,
  rule: LimitRule,
  detail: string,
  key: (req: Parameters<NonNullable<Options['keyGenerator']>>[0]) => string,
) {
  return rateLimit({
    ...rule,
    store: new DbRateLimitStore(db, `key:${name}`),
    keyGenerator: key,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    validate: { keyGeneratorIpFallback: false },
    handler: tooMany(detail),
  });
}
