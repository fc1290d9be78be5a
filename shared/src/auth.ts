import { z } from 'zod';
import { controlCharacterMessage, noControlCharacters } from './text.ts';

export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt only reads the first 72 bytes; longer passwords are refused rather than truncated. */
export const PASSWORD_MAX_BYTES = 72;

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }));

const passwordSchema = z.string({ error: 'Password is required' }).min(1, 'Password is required');
/** The same limit at sign-in as at sign-up: bcrypt would ignore everything past it. */
const boundedPassword = passwordSchema.refine(
  (value) => utf8Length(value) <= PASSWORD_MAX_BYTES,
  `Password must be at most ${PASSWORD_MAX_BYTES} bytes`,
);

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: boundedPassword,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .pipe(boundedPassword),
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters')
    .refine(noControlCharacters, controlCharacterMessage('Name')),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  google_id: z.string().nullable(),
  is_admin: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ session_token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const meResponseSchema = z.object({ user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** UTF-8 byte length without platform APIs (shared/ runs in the browser and in Node). */
function utf8Length(value: string): number {
  let bytes = 0;
  for (const char of value) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** GET /api/auth/sessions: the parent's signed-in devices. */
export const deviceSessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;
export const deviceSessionsResponseSchema = z.object({ sessions: z.array(deviceSessionSchema) });
export type DeviceSessionsResponse = z.infer<typeof deviceSessionsResponseSchema>;
