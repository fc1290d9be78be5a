import { z } from 'zod';

/** Every API error body (design §6): the spec's toasts read `detail`. */
export const apiErrorSchema = z.object({ detail: z.string(), code: z.string() });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
