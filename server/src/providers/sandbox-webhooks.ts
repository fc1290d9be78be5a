import { randomInt } from 'node:crypto';

/**
 * How a sandbox reaches the app's webhooks, as Twilio, ElevenLabs and Stripe would: by default an
 * HTTP POST to PUBLIC_URL; tests hand in supertest against the app.
 */
export type PostToApp = (
  path: string,
  request: { contentType: string; headers: Record<string, string>; body: string },
) => Promise<{ status: number; body: string }>;

export function postWithFetch(publicUrl: string): PostToApp {
  return async (path, { contentType, headers, body }) => {
    const response = await fetch(`${publicUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType, ...headers },
      body,
      // Twilio gives up on a webhook after 15 s.
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, body: await response.text() };
  };
}

/** A copy in random order: Stripe promises neither order nor one-at-a-time for the events of one payment. */
export function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
