import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  nowSeconds,
  startFakeServer,
  type FakeRequest,
  type FakeResponse,
} from '../test/vendor-fakes/fake-http.ts';

/**
 * OpenAI as Christmas Eve's replicas meet it: the real adapters (summarizer and moderation, on
 * the official SDK) talk to this stand-in on loopback, which answers in OpenAI's wire format
 * after OpenAI's time. A summary takes `summaryMs` on average (half to one and a half times it,
 * and one in fifty three times as long, as a model's tail does); a safety read a fifth of that.
 * The sandbox summarizer answers at once, which hid how long after-call jobs hold their places.
 */
export async function startSlowOpenAi(summaryMs: number) {
  const apiKey = `sk-proj-${randomBytes(16).toString('hex')}`;
  const took = (mean: number) => mean * (Math.random() < 0.02 ? 3 : 0.5 + Math.random());

  async function answer(req: FakeRequest): Promise<FakeResponse> {
    if (req.headers.authorization !== `Bearer ${apiKey}`) return { status: 401, json: { error: {} } };
    if (req.method === 'GET' && req.path.startsWith('/v1/models/'))
      return { json: { id: req.path.split('/').pop(), object: 'model', created: 0, owned_by: 'openai' } };
    if (req.method === 'POST' && req.path === '/v1/moderations') {
      const { input } = JSON.parse(req.body) as { input: string[] };
      await sleep(took(summaryMs / 5));
      return {
        json: {
          id: `modr-${randomBytes(8).toString('hex')}`,
          model: 'omni-moderation-latest',
          results: input.map(() => ({ flagged: false, categories: {}, category_scores: {} })),
        },
      };
    }
    if (req.method === 'POST' && req.path === '/v1/chat/completions') {
      const { model } = JSON.parse(req.body) as { model: string };
      await sleep(took(summaryMs));
      const recap = {
        summary: 'The child told Santa about their day.',
        wishes: ['a bicycle'],
        news: [],
        questions: [],
        promises: [],
      };
      return {
        json: {
          id: `chatcmpl-${randomBytes(12).toString('hex')}`,
          object: 'chat.completion',
          created: nowSeconds(),
          model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: JSON.stringify(recap), refusal: null, annotations: [] },
              logprobs: null,
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 120, completion_tokens: 40, total_tokens: 160 },
        },
      };
    }
    return { status: 404, json: { error: { message: `Unknown request URL: ${req.method} ${req.path}` } } };
  }

  const server = await startFakeServer(answer);
  return {
    /** What the replicas are started with: the real adapters, pointed here (the SDK reads OPENAI_BASE_URL). */
    env: { OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: `${server.url}/v1` },
    close: () => server.close(),
  };
}
