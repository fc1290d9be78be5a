import OpenAI, { AuthenticationError, NotFoundError, PermissionDeniedError } from 'openai';
import { ok, unreachable, type DiagnosisContext, type Finding } from '../diagnosis.ts';
import { summarizeLocally } from './local-summarizer.ts';
import type { Summarizer, SummaryInput } from './summarizer.ts';

const INSTRUCTIONS =
  "You summarise a phone call between Santa and a child for the child's parent. Write two or three warm, plain sentences: what the child talked about, wished for and was proud of. Do not include addresses, surnames, schools or other personal details.";

export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';

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

  async summarize(input: SummaryInput): Promise<string> {
    if (!input.transcript.trim()) return summarizeLocally(input);
    try {
      const completion = await this.client.chat.completions.create({
        model: this.model,
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: input.transcript.slice(0, 20_000) },
        ],
        // max_tokens is deprecated, and refused by the reasoning models OPENAI_MODEL may name.
        max_completion_tokens: 400,
      });
      const text = completion.choices[0]?.message?.content?.trim();
      return text || summarizeLocally(input);
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
