import type { z } from 'zod';
import { controlCharacterMessage, findControlCharacter } from '@santa/shared/text';
import { AppError } from './errors.ts';

/**
 * Parses request input with a shared schema; the first problem becomes the 400's detail. Every
 * string is first checked for control characters (shared/src/text.ts), whichever schema follows.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  options: { from: 'person' | 'provider' } = { from: 'person' },
): z.output<S> {
  // A provider's signed payload (a transcript) is never refused whole for one odd character.
  const badPath = options.from === 'person' ? findControlCharacter(input) : undefined;
  if (badPath === 'too_deep') throw new AppError('bad_request', 'The request is nested too deeply.');
  if (badPath) throw new AppError('bad_request', controlCharacterMessage(badPath.join('.') || 'The request'));
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const detail = issue?.message && issue.message !== 'Invalid input' ? issue.message : 'Invalid request';
  throw new AppError('bad_request', detail);
}
