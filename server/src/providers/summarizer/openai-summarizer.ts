import { DEFAULT_OPENAI_MODEL } from '../../config.ts';
import OpenAI, { AuthenticationError, NotFoundError, PermissionDeniedError } from 'openai';
import { RECAP_LIMITS, structuredSummarySchema } from '@santa/shared/recap';
import { ok, unreachable, type DiagnosisContext, type Finding } from '../diagnosis.ts';
import { summarizeLocally } from './local-summarizer.ts';
import type { CallSummary, Summarizer, SummaryInput } from './summarizer.ts';

const INSTRUCTIONS = [
  "You summarise a phone call between Santa and a child for the child's parent.",
  '`summary`: two or three warm, plain sentences about what the child talked about, wished for and was proud of.',
  "The lists hold only what the CHILD said (lines starting 'Child:'), never what Santa said or read back, each item a short phrase in the child's own words, as they said it:",
  '`wishes`: what the child asked for or hopes to get; `news`: what happened to them or what they are proud of; `questions`: what they asked Santa; `promises`: what they promised (e.g. leaving carrots for Rudolph).',
  `At most ${RECAP_LIMITS.items} items per list; an empty list when the child said nothing of that kind.`,
  'Never include addresses, surnames, schools or other personal details.',
].join(' ');

const RECAP_LIST = { type: 'array', items: { type: 'string' } } as const;

/** Structured Outputs: the model's answer follows this schema, then zod checks it again. */
const RESPONSE_FORMAT = {
  type: 'json_schema',
  json_schema: {
    name: 'call_recap',
    strict: true,
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['summary', 'wishes', 'news', 'questions', 'promises'],
      properties: {
        summary: { type: 'string' },
        wishes: RECAP_LIST,
        news: RECAP_LIST,
        questions: RECAP_LIST,
        promises: RECAP_LIST,
      },
    },
  },
} as const;

/** OpenAI answered, but not in the agreed shape (a refusal, a cut answer, invalid JSON). */
export class UnexpectedAnswerError extends Error {}

export interface OpenAiSummarizerOptions {
  apiKey: string;
  model?: string;
  /** Told of every failure with what an operator should do about it; the parent gets a local summary. */
  onError?: (error: unknown, advice: string) => void;
  baseURL?: string;
}

/** What to do about a failure: a wrong key and a retired model need a person, the rest passes. */
export function adviceFor(error: unknown, model: string): string {
  if (error instanceof AuthenticationError) return 'OpenAI refused the key: check OPENAI_API_KEY';
  if (error instanceof PermissionDeniedError)
    return `this OpenAI project may not use ${model}: check its limits`;
  if (error instanceof NotFoundError)
    return `OpenAI has no model ${model}: set OPENAI_MODEL to a current one`;
  if (error instanceof UnexpectedAnswerError)
    return 'OpenAI answered in an unexpected shape; a local summary was written instead';
  return 'OpenAI did not answer; a local summary was written instead';
}

/** OpenAI summaries (the only file importing the SDK); falls back locally when the call fails. */
export class OpenAiSummarizer implements Summarizer {
  readonly isSandbox = false;
  private readonly client: OpenAI;
  private readonly model: string;

  constructor(private readonly options: OpenAiSummarizerOptions) {
    this.model = options.model ?? DEFAULT_OPENAI_MODEL;
    // The SDK retries connection errors, 429 and 5xx with backoff before we fall back.
    this.client = new OpenAI({
      apiKey: options.apiKey,
      maxRetries: 2,
      timeout: 20_000,
      ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    });
  }

  async summarize(input: SummaryInput): Promise<CallSummary> {
    if (!input.transcript.trim()) return summarizeLocally(input);
    try {
      const completion = await this.client.chat.completions.create({
        model: this.model,
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: input.transcript.slice(0, 20_000) },
        ],
        response_format: RESPONSE_FORMAT,
        // max_tokens is deprecated, and refused by the reasoning models OPENAI_MODEL may name.
        max_completion_tokens: 800,
      });
      const { summary, ...recap } = parseAnswer(completion.choices[0]?.message?.content);
      return { summary, recap };
    } catch (error) {
      this.options.onError?.(error, adviceFor(error, this.model));
      return summarizeLocally(input);
    }
  }

  async diagnose(_context: DiagnosisContext): Promise<Finding[]> {
    try {
      const model = await this.client.models.retrieve(this.model);
      return [ok('model', `${model.id} is reachable with this key`)];
    } catch (error) {
      return [unreachable('model', error, adviceFor(error, this.model))];
    }
  }
}

/** The model's JSON, validated: anything else falls back to the local summary. */
function parseAnswer(content: string | null | undefined) {
  if (!content) throw new UnexpectedAnswerError('OpenAI answered no content (a refusal?)');
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw new UnexpectedAnswerError('OpenAI answered text that is not JSON');
  }
  const parsed = structuredSummarySchema.safeParse(json);
  if (!parsed.success)
    throw new UnexpectedAnswerError(`OpenAI's answer failed validation: ${parsed.error.message}`);
  return parsed.data;
}
