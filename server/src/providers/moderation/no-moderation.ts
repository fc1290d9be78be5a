import { sandboxFinding, type Finding } from '../diagnosis.ts';
import type { LineModeration, Moderation } from './moderation.ts';

/** Without OPENAI_API_KEY only the local rules read a call; nothing is sent anywhere. */
export class NoModeration implements Moderation {
  readonly isSandbox = true;

  async diagnose(): Promise<Finding[]> {
    return sandboxFinding(
      "Set OPENAI_API_KEY to add OpenAI's moderation check to the local safety rules after each call.",
    );
  }

  async moderate(_lines: string[]): Promise<LineModeration[] | null> {
    return null;
  }
}
