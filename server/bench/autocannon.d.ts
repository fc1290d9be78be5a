// The few parts of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    verifyBody?: (body: string) => boolean;
    requests?: {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: Record<string, unknown>) => Record<string, unknown>;
    }[];
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p99: number; p50: number };
    errors: number;
    non2xx: number;
    mismatches: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
