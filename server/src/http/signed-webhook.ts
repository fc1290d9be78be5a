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
 * Bodies of a route read and handled at once may declare at most `maxBytes` together (a body
 * without Content-Length counts as `unknownBytes`); a request over the budget answers 503 with
 * Retry-After, which webhook senders honour by retrying. Bounds the memory that large signed
 * bodies (a call's audio) can take together, while hundreds of small transcripts pass at once.
 */
export function limitBytesInFlight(
  maxBytes: number,
  options: { unknownBytes: number; retryAfterSeconds?: number },
): RequestHandler {
  let inFlight = 0;
  return (req, res, next) => {
    const declared = Number(req.headers['content-length']);
    const bytes = Number.isFinite(declared) && declared >= 0 ? declared : options.unknownBytes;
    // One body alone is always let through: its own size limit still applies.
    if (inFlight > 0 && inFlight + bytes > maxBytes) {
      res.set('Connection', 'close');
      return next(
        new AppError('unavailable', 'Busy with other uploads, please retry', {
          'Retry-After': String(options.retryAfterSeconds ?? 5),
        }),
      );
    }
    inFlight += bytes;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      inFlight -= bytes;
    };
    res.once('finish', release);
    res.once('close', release);
    next();
  };
}
