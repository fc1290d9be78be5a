import OpenAI from 'openai';
import { summarizeLocally } from './local-summarizer.ts';
import type { Summarizer, SummaryInput } from './summarizer.ts';

const INSTRUCTIONS =
  "You summarise a phone call between Santa and a child for the child's parent. Write two or three warm, plain sentences: what the child talked about, wished for and was proud of. Do not include addresses, surnames, schools or other personal details.";

/** OpenAI summaries (the only file importing the SDK); falls back locally when the call fails. */
export class OpenAiSummarizer implements Summarizer {
  private readonly client: OpenAI;

  constructor(
    apiKey: string,
    private readonly model = 'gpt-4o-mini',
    private readonly onError: (error: unknown) => void = () => undefined,
    baseURL?: string,
  ) {
    this.client = new OpenAI({ apiKey, maxRetries: 1, timeout: 20_000, ...(baseURL ? { baseURL } : {}) });
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
        max_tokens: 200,
      });
      const text = completion.choices[0]?.message?.content?.trim();
      return text || summarizeLocally(input);
    } catch (error) {
      this.onError(error);
      return summarizeLocally(input);
    }
  }
}
