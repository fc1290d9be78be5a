import type { RequestHandler } from 'express';
import type { AppError } from './errors.ts';

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
 * without Content-Length counts as `unknownBytes`). A body over the budget waits its turn unread
 * (the socket holds it, not our memory); one that waited `maxWaitMs` is handed to `whenTooLong`.
 * Bounds the memory that large signed bodies (a call's audio) take together, while hundreds of
 * small transcripts pass at once, and never refuses a body for its size alone.
 */
export function limitBytesInFlight(
  maxBytes: number,
  options: { unknownBytes: number; maxWaitMs: number; whenTooLong: RequestHandler },
): RequestHandler {
  let inFlight = 0;
  const waiting: { bytes: number; admit: () => void }[] = [];
  const fits = (bytes: number) => inFlight === 0 || inFlight + bytes <= maxBytes;
  const admitWaiting = () => {
    while (waiting.length > 0 && fits(waiting[0]!.bytes)) waiting.shift()!.admit();
  };
  return (req, res, next) => {
    const declared = Number(req.headers['content-length']);
    const bytes = Number.isFinite(declared) && declared >= 0 ? declared : options.unknownBytes;
    const admit = () => {
      inFlight += bytes;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        inFlight -= bytes;
        admitWaiting();
      };
      res.once('finish', release);
      res.once('close', release);
      next();
    };
    // First come, first served: a small body does not jump a large one already waiting.
    if (waiting.length === 0 && fits(bytes)) return admit();
    const turn = { bytes, admit: () => (clearTimeout(timer), admit()) };
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(turn), 1);
      options.whenTooLong(req, res, next);
    }, options.maxWaitMs);
    waiting.push(turn);
    // A sender that hung up while waiting gives its place back.
    res.once('close', () => {
      const at = waiting.indexOf(turn);
      if (at < 0) return;
      waiting.splice(at, 1);
      clearTimeout(timer);
    });
  };
}
