import OpenAI, { AuthenticationError, PermissionDeniedError } from 'openai';
import { ok, unreachable, type DiagnosisContext, type Finding } from '../diagnosis.ts';
import type { LineModeration, Moderation, ModerationCategory } from './moderation.ts';

export const MODERATION_MODEL = 'omni-moderation-latest';

/** OpenAI's category names, as ours. Anything new OpenAI adds is ignored until mapped here. */
const CATEGORY: Record<string, ModerationCategory> = {
  'self-harm': 'self_harm',
  'self-harm/intent': 'self_harm',
  'self-harm/instructions': 'self_harm',
  sexual: 'sexual',
  'sexual/minors': 'sexual_minors',
  violence: 'violence',
  'violence/graphic': 'violence',
  harassment: 'harassment',
  'harassment/threatening': 'violence',
  hate: 'hate',
  'hate/threatening': 'violence',
  illicit: 'illicit',
  'illicit/violent': 'illicit',
};

/** The moderation endpoint takes many lines in one request; a long call is sent in a few. */
const LINES_PER_REQUEST = 100;
const MAX_LINE_LENGTH = 2_000;

export interface OpenAiModerationOptions {
  apiKey: string;
  /** Told of every failure with what an operator should do; the local rules still stand. */
  onError?: (error: unknown, advice: string) => void;
  baseURL?: string;
}

export function moderationAdvice(error: unknown): string {
  if (error instanceof AuthenticationError) return 'OpenAI refused the key: check OPENAI_API_KEY';
  if (error instanceof PermissionDeniedError)
    return `this OpenAI project may not use ${MODERATION_MODEL}: check its limits`;
  return 'OpenAI moderation did not answer; the call was read by the local rules only';
}

function categoriesOf(flags: object): ModerationCategory[] {
  const found = new Set<ModerationCategory>();
  for (const [name, on] of Object.entries(flags)) {
    const ours = CATEGORY[name];
    if (on === true && ours) found.add(ours);
  }
  return [...found];
}

/** OpenAI's moderation endpoint (the only file besides the summarizer importing the SDK). */
export class OpenAiModeration implements Moderation {
  readonly isSandbox = false;
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiModerationOptions) {
    this.client = new OpenAI({
      apiKey: options.apiKey,
      maxRetries: 2,
      timeout: 20_000,
      ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    });
  }

  async moderate(lines: string[]): Promise<LineModeration[] | null> {
    if (lines.length === 0) return [];
    try {
      const verdicts: LineModeration[] = [];
      for (let start = 0; start < lines.length; start += LINES_PER_REQUEST) {
        const input = lines
          .slice(start, start + LINES_PER_REQUEST)
          .map((line) => line.slice(0, MAX_LINE_LENGTH));
        const response = await this.client.moderations.create({ model: MODERATION_MODEL, input });
        if (response.results.length !== input.length)
          throw new Error(`moderation answered ${response.results.length} results for ${input.length} lines`);
        for (const result of response.results)
          verdicts.push({ flagged: result.flagged, categories: categoriesOf(result.categories) });
      }
      return verdicts;
    } catch (error) {
      this.options.onError?.(error, moderationAdvice(error));
      return null;
    }
  }

  /** A harmless line, so the check costs nothing and sends nothing of a family's. */
  async diagnose(_context: DiagnosisContext): Promise<Finding[]> {
    try {
      await this.client.moderations.create({ model: MODERATION_MODEL, input: ['Merry Christmas!'] });
      return [ok('moderation', `${MODERATION_MODEL} answers with this key`)];
    } catch (error) {
      return [unreachable('moderation', error, moderationAdvice(error))];
    }
  }
}
