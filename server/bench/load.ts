/**
 * The load generator, run as a child process of bench/run.ts. On a small machine autocannon in
 * the server's own event loop would steal the very CPU it is measuring, so the server and the
 * load each get their own process.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { signTwilioRequest } from '../src/providers/telephony/twilio-signature.ts';

export interface FixedLoad {
  kind: 'fixed';
  url: string;
  headers: Record<string, string>;
}

/** Concurrent callers dialling the hotline from their own numbers, each request signed by Twilio. */
export interface InboundLoad {
  kind: 'inbound';
  base: string;
  path: string;
  signedUrl: string;
  authToken: string;
  hotline: string;
  phones: string[];
  /** Text every answer must contain; any other answer counts as an error. */
  answerContains: string;
}

export type LoadJob = (FixedLoad | InboundLoad) & { connections: number; duration: number };

export interface LoadResult {
  requestsPerSecond: number;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
}

function inboundRequests(job: InboundLoad) {
  let n = 0;
  const setupRequest = () => {
    n += 1;
    const params = {
      AccountSid: 'ACbench',
      CallSid: `CA${randomBytes(16).toString('hex')}`,
      From: job.phones[n % job.phones.length]!,
      To: job.hotline,
      Direction: 'inbound',
      CallStatus: 'ringing',
      StirVerstat: 'TN-Validation-Passed-A',
    };
    return {
      method: 'POST',
      path: job.path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signTwilioRequest(job.authToken, job.signedUrl, params),
      },
      body: new URLSearchParams(params).toString(),
    };
  };
  return [{ setupRequest }];
}

/** What the load process tells the server: the measured run starts, then its result. */
export type LoadMessage = 'measuring' | LoadResult;

async function run(job: LoadJob): Promise<LoadResult> {
  const options =
    job.kind === 'fixed'
      ? { url: job.url, headers: job.headers }
      : {
          url: job.base,
          requests: inboundRequests(job),
          verifyBody: (body: string) => body.includes(job.answerContains),
        };
  // A short warm-up so JIT, pools and caches are hot before the measured run.
  await autocannon({ ...options, connections: job.connections, duration: 2 });
  // Tells the server to start counting its CPU time.
  await new Promise((resolve) => process.send!('measuring' satisfies LoadMessage, resolve));
  const result = await autocannon({ ...options, connections: job.connections, duration: job.duration });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.mismatches,
  };
}

process.once('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
