import type { z } from 'zod';
import { AppError } from './errors.ts';

/** Parses request input with a shared schema; the first problem becomes the 400's detail. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const detail = issue?.message && issue.message !== 'Invalid input' ? issue.message : 'Invalid request';
  throw new AppError('bad_request', detail);
}
