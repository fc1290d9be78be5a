/**
 * The load generator's HTTP client: the part of fetch the benches use, on undici's `request`.
 * The generator shares the machine with the replicas and Postgres it measures, so every
 * microsecond it spends is taken from them. Node's global fetch (undici under WHATWG streams,
 * Headers and Response objects, plus a timer per request for its timeout) spent about 500 µs of
 * CPU per webhook here; `request` on a kept-alive pool spends about 95.
 */
import { Agent, request } from 'undici';

const TIMEOUT_MS = 15_000;

/** One pool for every origin: connections are kept alive between calls, as fetch keeps them. */
const pool = new Agent({ headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });

export interface BenchRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface BenchResponse {
  ok: boolean;
  status: number;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** Sends one request; answers as fetch would for what the benches read of its answer. */
export async function benchFetch(url: string, init: BenchRequest = {}): Promise<BenchResponse> {
  const { statusCode, body } = await request(url, {
    dispatcher: pool,
    method: init.method ?? 'GET',
    headers: init.headers,
    body: init.body,
  });
  return {
    ok: statusCode >= 200 && statusCode < 300,
    status: statusCode,
    text: () => body.text(),
    arrayBuffer: () => body.arrayBuffer(),
  };
}
