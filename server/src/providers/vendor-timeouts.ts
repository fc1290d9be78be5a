/**
 * How long we wait on an outside service. Every SDK's own default is far longer (S3: none at all,
 * Stripe: 80 s, Twilio: 30 s), and each call here sits inside a webhook or a page request that its
 * caller gives up on sooner (Twilio's voice webhook: 15 s; the parent's browser; a job's retry).
 * With the SDKs' retries, the worst case stays under Twilio's 15 s.
 */
export const VENDOR_TIMEOUTS = {
  /** Reaching the service at all. */
  connectMs: 3_000,
  /** One request, answer included (an hour's audio is about 40 MB: seconds on a datacentre link). */
  requestMs: 6_000,
} as const;
