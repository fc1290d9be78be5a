import { z } from 'zod';

/** GET/PUT /api/email/preferences: the emails a parent may turn off (the rest are needed). */
export const emailPreferencesSchema = z.object({
  call_recaps: z.boolean({ error: 'call_recaps must be true or false' }),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
