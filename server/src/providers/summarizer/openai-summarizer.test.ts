import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { OpenAiSummarizer } from './openai-summarizer.ts';

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
}

/** How the fake api.openai.com answers next: a completion, or one of OpenAI's error bodies. */
let answer: { status: number; body: unknown };
let seen: Seen[] = [];
let server: Server;
let baseURL: string;

const TRANSCRIPT = 'Santa: Ho ho ho! What would you like?\nChild: A red bike and a puppy!';

function completion(content: string) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_764_000_000,
    model: 'gpt-4o-mini-2024-07-18',
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
  };
}

function openAiError(status: number, code: string, message: string) {
  return { status, body: { error: { message, type: 'invalid_request_error', param: null, code } } };
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    seen.push({
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: req.headers.authorization,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
    });
    res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
});

function summarizer(model?: string) {
  const errors: { error: unknown; advice: string }[] = [];
  const instance = new OpenAiSummarizer({
    apiKey: 'sk-test-key',
    model,
    baseURL,
    onError: (error, advice) => errors.push({ error, advice }),
  });
  return { instance, errors };
}

const STRUCTURED = {
  summary: '  Olivia told Santa about her red bike wish.  ',
  wishes: ['A red bike and a puppy!'],
  news: [],
  questions: [],
  promises: ['I will leave carrots for Rudolph'],
};

test("the summary and recap are OpenAI's structured answer, asked of the configured model with a JSON schema", async () => {
  answer = { status: 200, body: completion(JSON.stringify(STRUCTURED)) };
  const { instance, errors } = summarizer('gpt-5-mini');
  expect(await instance.summarize({ transcript: TRANSCRIPT, kidName: 'Olivia' })).toEqual({
    summary: 'Olivia told Santa about her red bike wish.',
    recap: {
      wishes: ['A red bike and a puppy!'],
      news: [],
      questions: [],
      promises: ['I will leave carrots for Rudolph'],
    },
  });
  expect(errors).toEqual([]);
  expect(seen).toHaveLength(1);
  expect(seen[0]).toMatchObject({
    method: 'POST',
    path: '/v1/chat/completions',
    authorization: 'Bearer sk-test-key',
  });
  expect(seen[0]!.body).toMatchObject({
    model: 'gpt-5-mini',
    max_completion_tokens: 800,
    response_format: {
      type: 'json_schema',
      json_schema: {
        name: 'call_recap',
        strict: true,
        schema: { required: ['summary', 'wishes', 'news', 'questions', 'promises'] },
      },
    },
  });
  expect(seen[0]!.body).not.toHaveProperty('max_tokens');
  const messages = seen[0]!.body!.messages as { role: string; content: string }[];
  expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
  expect(messages[1]!.content).toBe(TRANSCRIPT);
});

test('an answer that fails validation is reported, and the recap quotes the child instead', async () => {
  answer = {
    status: 200,
    body: completion(JSON.stringify({ summary: 'Olivia chatted.', wishes: 'a bike', news: [] })),
  };
  const { instance, errors } = summarizer();
  const { summary, recap } = await instance.summarize({ transcript: TRANSCRIPT, kidName: 'Olivia' });
  expect(summary).toBe('Olivia told Santa “A red bike and a puppy!”');
  expect(recap.news).toEqual(['A red bike and a puppy!']);
  expect(errors.map((e) => e.advice)).toEqual([
    'OpenAI answered in an unexpected shape; a local summary was written instead',
  ]);
});

test('a wrong key is reported with its fix, and the parent still gets a local summary', async () => {
  answer = openAiError(401, 'invalid_api_key', 'Incorrect API key provided: sk-test-key.');
  const { instance, errors } = summarizer();
  const { recap } = await instance.summarize({ transcript: TRANSCRIPT, kidName: 'Olivia' });
  expect(recap.news).toEqual(['A red bike and a puppy!']);
  expect(errors).toHaveLength(1);
  expect(errors[0]!.advice).toBe('OpenAI refused the key: check OPENAI_API_KEY');
  // A refused key is not retried: the SDK retries only what may pass.
  expect(seen).toHaveLength(1);
});

test('a retired model is reported as such, naming OPENAI_MODEL', async () => {
  answer = openAiError(404, 'model_not_found', 'The model `gpt-3.5-old` does not exist.');
  const { instance, errors } = summarizer('gpt-3.5-old');
  await instance.summarize({ transcript: TRANSCRIPT });
  expect(errors.map((e) => e.advice)).toEqual([
    'OpenAI has no model gpt-3.5-old: set OPENAI_MODEL to a current one',
  ]);
});

test('an empty transcript is summarised locally without asking OpenAI', async () => {
  answer = { status: 200, body: completion('unused') };
  const { instance } = summarizer();
  await instance.summarize({ transcript: '  ', providerSummary: 'A short hello.' });
  expect(seen).toEqual([]);
});

test('the doctor finds the model reachable with this key', async () => {
  answer = { status: 200, body: { id: 'gpt-4o-mini', object: 'model', created: 1, owned_by: 'system' } };
  const findings = await summarizer().instance.diagnose({ publicUrl: 'https://santa.example' });
  expect(findings).toEqual([
    { severity: 'ok', check: 'model', detail: 'gpt-4o-mini is reachable with this key' },
  ]);
  expect(seen[0]).toMatchObject({ method: 'GET', path: '/v1/models/gpt-4o-mini' });
});

test('the doctor reports a model the key cannot reach as fatal, with the fix', async () => {
  answer = openAiError(404, 'model_not_found', 'The model `gpt-4o-mini` does not exist.');
  const [finding] = await summarizer().instance.diagnose({ publicUrl: 'https://santa.example' });
  expect(finding).toMatchObject({
    severity: 'fatal',
    check: 'model',
    fix: 'OpenAI has no model gpt-4o-mini: set OPENAI_MODEL to a current one',
  });
});
