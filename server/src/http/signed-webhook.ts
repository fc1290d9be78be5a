import type { RequestHandler } from 'express';
import { AppError } from './errors.ts';

/**
 * Refuses a webhook whose signature header is missing, malformed or stale BEFORE its body is read:
 * the body can be tens of megabytes, and only the provider that signs it may make us buffer it.
 * Stripe and ElevenLabs sign `t=<unix seconds>,v…=…`; Twilio's header has no timestamp, so only its
 * presence is checked here. The full signature is still verified over the raw body afterwards.
 */
export function requireSignatureHeader(
  name: string,
  options: {
    toleranceSeconds?: number;
    now?: () => number;
    /** The provider's own refusal, so early and late checks answer alike. */
    refusal: (problem: 'missing' | 'stale') => AppError;
  },
): RequestHandler {
  const now = options.now ?? Date.now;
  return (req, res, next) => {
    const header = req.get(name);
    const problem = !header
      ? 'missing'
      : options.toleranceSeconds !== undefined && !isFresh(header, options.toleranceSeconds, now())
        ? 'stale'
        : undefined;
    if (!problem) return next();
    // Closing the connection spares us reading the rest of a body nobody signed.
    res.set('Connection', 'close');
    next(options.refusal(problem));
  };
}

function isFresh(header: string, toleranceSeconds: number, nowMs: number): boolean {
  const timestamp = /(?:^|,)\s*t=(\d{1,12})\s*(?:,|$)/.exec(header)?.[1];
  if (!timestamp) return false;
  return Math.abs(Math.floor(nowMs / 1000) - Number(timestamp)) <= toleranceSeconds;
}

/**
 * At most `max` requests of a route are read and handled at once; the rest answer 503 with
 * Retry-After, which webhook senders honour by retrying. Bounds the memory that large signed bodies
 * (a call's audio) can take together.
 */
export function limitInFlight(max: number, retryAfterSeconds = 5): RequestHandler {
  let inFlight = 0;
  return (_req, res, next) => {
    if (inFlight >= max) {
      res.set('Connection', 'close');
      return next(
        new AppError('unavailable', 'Busy with other uploads, please retry', {
          'Retry-After': String(retryAfterSeconds),
        }),
      );
    }
    inFlight += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      inFlight -= 1;
    };
    res.once('finish', release);
    res.once('close', release);
    next();
  };
}
