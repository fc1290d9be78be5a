import { z } from 'zod';

/** Every API error body: the client's toasts read `detail`. */
export const apiErrorSchema = z.object({ detail: z.string(), code: z.string() });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
