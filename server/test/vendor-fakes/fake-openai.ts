import { randomBytes } from 'node:crypto';
import { nowSeconds, startFakeServer, type FakeRequest, type FakeResponse } from './fake-http.ts';

/** The parts of a chat completions request a test reads; the rest (token limits, …) passes through. */
export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  [other: string]: unknown;
}

/**
 * api.openai.com's chat completions, answering the replies a test queued in order, so a summary
 * can be traced to the completion that wrote it. With none queued it answers as OpenAI does when
 * overloaded (a 503), which the summarizer must survive.
 */
export class FakeOpenAi {
  readonly apiKey = `sk-proj-${randomBytes(16).toString('hex')}`;
  readonly replies: string[] = [];
  readonly completions: ChatRequest[] = [];

  private constructor(private readonly server: Awaited<ReturnType<typeof startFakeServer>>) {}

  static async start(): Promise<FakeOpenAi> {
    const holder: { fake?: FakeOpenAi } = {};
    const server = await startFakeServer((req) => holder.fake!.answer(req));
    holder.fake = new FakeOpenAi(server);
    return holder.fake;
  }

  get requests(): FakeRequest[] {
    return this.server.requests;
  }

  /** The SDK's baseURL option: the API root including /v1. */
  get baseURL(): string {
    return `${this.server.url}/v1`;
  }

  close = () => this.server.close();

  private answer(req: FakeRequest): FakeResponse {
    if (req.headers.authorization !== `Bearer ${this.apiKey}`) {
      return {
        status: 401,
        json: {
          error: {
            message: 'Incorrect API key provided',
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        },
      };
    }
    if (req.method !== 'POST' || req.path !== '/v1/chat/completions') {
      return {
        status: 404,
        json: {
          error: { message: `Unknown request URL: ${req.method} ${req.path}`, type: 'invalid_request_error' },
        },
      };
    }
    const request = JSON.parse(req.body) as ChatRequest;
    this.completions.push(request);
    const content = this.replies.shift();
    if (content === undefined) {
      return {
        status: 503,
        json: { error: { message: 'The engine is currently overloaded', type: 'server_error' } },
      };
    }
    return {
      json: {
        id: `chatcmpl-${randomBytes(12).toString('hex')}`,
        object: 'chat.completion',
        created: nowSeconds(),
        model: request.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content, refusal: null, annotations: [] },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 120, completion_tokens: 40, total_tokens: 160 },
        system_fingerprint: 'fp_fake',
      },
    };
  }
}
