import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { OpenAiModeration } from './openai-moderation.ts';

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  body: { model?: string; input?: string[] } | null;
}

/** How the fake api.openai.com answers next: one result per input line, or an error body. */
let answer: (input: string[]) => { status: number; body: unknown };
let seen: Seen[] = [];
let server: Server;
let baseURL: string;

const NO_CATEGORY = {
  harassment: false,
  'harassment/threatening': false,
  hate: false,
  'hate/threatening': false,
  illicit: false,
  'illicit/violent': false,
  'self-harm': false,
  'self-harm/intent': false,
  'self-harm/instructions': false,
  sexual: false,
  'sexual/minors': false,
  violence: false,
  'violence/graphic': false,
};

/** OpenAI's answer shape: a result per line, flagged with the categories named. */
function results(input: string[], flag: (line: string) => string[]) {
  return {
    status: 200,
    body: {
      id: 'modr-1',
      model: 'omni-moderation-latest',
      results: input.map((line) => {
        const on = flag(line);
        const categories = { ...NO_CATEGORY, ...Object.fromEntries(on.map((name) => [name, true])) };
        return {
          flagged: on.length > 0,
          categories,
          category_scores: Object.fromEntries(Object.keys(categories).map((name) => [name, 0.01])),
          category_applied_input_types: Object.fromEntries(
            Object.keys(categories).map((name) => [name, ['text']]),
          ),
        };
      }),
    },
  };
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text ? (JSON.parse(text) as Seen['body']) : null;
    seen.push({
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: req.headers.authorization,
      body,
    });
    const { status, body: out } = answer(body?.input ?? []);
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(out));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
});

function moderation() {
  const errors: { error: unknown; advice: string }[] = [];
  const instance = new OpenAiModeration({
    apiKey: 'sk-test-key',
    baseURL,
    onError: (error, advice) => errors.push({ error, advice }),
  });
  return { instance, errors };
}

test('every line is asked of omni-moderation-latest in one request, and each verdict comes back in our words', async () => {
  answer = (input) =>
    results(input, (line) =>
      line.includes('hurt myself')
        ? ['self-harm', 'self-harm/intent']
        : line.includes('punch')
          ? ['violence']
          : [],
    );
  const { instance, errors } = moderation();
  const verdicts = await instance.moderate(['Ho ho ho!', 'I want to hurt myself', 'He will punch me']);
  expect(verdicts).toEqual([
    { flagged: false, categories: [] },
    { flagged: true, categories: ['self_harm'] },
    { flagged: true, categories: ['violence'] },
  ]);
  expect(errors).toEqual([]);
  expect(seen).toHaveLength(1);
  expect(seen[0]).toMatchObject({
    method: 'POST',
    path: '/v1/moderations',
    authorization: 'Bearer sk-test-key',
  });
  expect(seen[0]!.body).toEqual({
    model: 'omni-moderation-latest',
    input: ['Ho ho ho!', 'I want to hurt myself', 'He will punch me'],
  });
});

test('a long call goes in requests of 100 lines, verdicts kept in order', async () => {
  answer = (input) => results(input, (line) => (line === 'line 150' ? ['harassment'] : []));
  const lines = Array.from({ length: 230 }, (_, i) => `line ${i}`);
  const verdicts = await moderation().instance.moderate(lines);
  expect(seen.map((s) => s.body!.input!.length)).toEqual([100, 100, 30]);
  expect(verdicts).toHaveLength(230);
  expect(verdicts!.findIndex((v) => v.flagged)).toBe(150);
  expect(verdicts![150]!.categories).toEqual(['harassment']);
});

test('a refused key answers null (the local rules stand alone) and names OPENAI_API_KEY, without a retry', async () => {
  answer = () => ({
    status: 401,
    body: {
      error: {
        message: 'Incorrect API key provided',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    },
  });
  const { instance, errors } = moderation();
  expect(await instance.moderate(['Hello Santa'])).toBeNull();
  expect(errors.map((e) => e.advice)).toEqual(['OpenAI refused the key: check OPENAI_API_KEY']);
  expect(seen).toHaveLength(1);
});

test('an answer with the wrong number of results is not trusted', async () => {
  answer = (input) => results(input.slice(1), () => []);
  const { instance, errors } = moderation();
  expect(await instance.moderate(['one', 'two'])).toBeNull();
  expect(errors).toHaveLength(1);
});

test('no lines, no request', async () => {
  answer = (input) => results(input, () => []);
  expect(await moderation().instance.moderate([])).toEqual([]);
  expect(seen).toEqual([]);
});

test('the doctor asks with a harmless line, never a family one', async () => {
  answer = (input) => results(input, () => []);
  const findings = await moderation().instance.diagnose({ publicUrl: 'https://santa.example' });
  expect(findings).toEqual([
    { severity: 'ok', check: 'moderation', detail: 'omni-moderation-latest answers with this key' },
  ]);
  expect(seen[0]!.body).toEqual({ model: 'omni-moderation-latest', input: ['Merry Christmas!'] });
});
