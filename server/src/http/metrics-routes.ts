import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Metrics } from '../metrics/metrics.ts';

/** The provider webhooks whose answer time Prometheus sees, by route. */
export const TIMED_WEBHOOKS = new Set([
  '/api/voice/twilio/inbound',
  '/api/voice/twilio/status',
  // Each answer here is a call our inbound webhook failed: worth a count of its own.
  '/api/voice/twilio/fallback',
  '/api/voice/elevenlabs/post-call',
  '/api/stripe/webhook',
]);

/** Times every provider webhook from its first byte to the end of its answer. */
export function timeWebhooks(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'POST' || !TIMED_WEBHOOKS.has(req.path)) return next();
    const route = req.path;
    const started = performance.now();
    res.once('finish', () =>
      metrics.observeWebhook(route, res.statusCode, (performance.now() - started) / 1000),
    );
    next();
  };
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics for Prometheus, behind `Authorization: Bearer <METRICS_TOKEN>`: the figures say how
 * busy the product is, which is nobody else's business.
 */
export function metricsRoute(metrics: Metrics, token: string): RequestHandler {
  return async (req, res) => {
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameToken(given, token)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      res.status(401).json({ detail: 'A valid metrics token is required.' });
      return;
    }
    try {
      const body = await metrics.registry.metrics();
      res.setHeader('Content-Type', metrics.registry.contentType);
      res.setHeader('Cache-Control', 'no-store');
      res.send(body);
    } catch {
      res.status(503).json({ detail: 'The metrics could not be read right now.' });
    }
  };
}
