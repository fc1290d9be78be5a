import { createHmac, timingSafeEqual } from 'node:crypto';

/** ElevenLabs accepts webhook timestamps up to 30 minutes old. */
export const ELEVENLABS_SIGNATURE_TOLERANCE_SECONDS = 30 * 60;

function hmac(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The `ElevenLabs-Signature` header value ElevenLabs would send for this body. */
export function signElevenLabsWebhook(
  secret: string,
  rawBody: Buffer | string,
  now: Date = new Date(),
): string {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return `t=${timestamp},v0=${hmac(secret, timestamp, rawBody)}`;
}

/** `t=…,v0=…`: HMAC-SHA256 of `t.rawBody`, within the tolerance, compared in constant time. */
export function verifyElevenLabsSignature(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  now: Date = new Date(),
): boolean {
  if (!header) return false;
  const parts = new Map<string, string[]>();
  for (const part of header.split(',')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const key = part.slice(0, index).trim();
    parts.set(key, [...(parts.get(key) ?? []), part.slice(index + 1).trim()]);
  }
  const timestamp = parts.get('t')?.[0];
  const signatures = parts.get('v0') ?? [];
  if (!timestamp || !/^\d+$/.test(timestamp) || signatures.length === 0) return false;
  const age = Math.floor(now.getTime() / 1000) - Number(timestamp);
  if (Math.abs(age) > ELEVENLABS_SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'hex');
  return signatures.some((signature) => {
    if (!/^[0-9a-f]+$/i.test(signature)) return false;
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
