import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './password.ts';
import { controlCharacterMessage, noControlCharacters } from './text.ts';

// Kept apart from the schemas: the sign-in page shows it before the validation library loads.
export { PASSWORD_MIN_LENGTH };

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

/** A password being chosen: long enough, and within what bcrypt reads. */
const newPasswordSchema = passwordSchema
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .pipe(boundedPassword);

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
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
  /** The parent opened the link sent to `email` (or Google vouched for it). */
  email_verified: z.boolean(),
  /** Whether the account signs in with a password (Google-only accounts do not). */
  has_password: z.boolean(),
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

/** GET /api/auth/current-user: the signed-in user, or null for a visitor. */
export const currentUserResponseSchema = z.object({ user: userSchema.nullable() });
export type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;

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

/** How long a password-reset link works. */
export const PASSWORD_RESET_MINUTES = 30;

/** A single-use token from an emailed link (read from the link's #fragment by the client). */
const linkTokenSchema = z
  .string({ error: 'This link is incomplete. Open it again from the email.' })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is incomplete. Open it again from the email.');

/** POST /api/auth/password/forgot: answered the same whether or not the address has an account. */
export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** POST /api/auth/password/reset: the emailed token and the new password. */
export const resetPasswordRequestSchema = z.object({ token: linkTokenSchema, password: newPasswordSchema });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** POST /api/auth/password/change: signed in, with the current password. */
export const changePasswordRequestSchema = z.object({
  current_password: passwordSchema.pipe(boundedPassword),
  new_password: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** POST /api/auth/email/change: the current password (when the account has one) and the new address. */
export const changeEmailRequestSchema = z.object({
  new_email: emailSchema,
  password: z.string().optional(),
});
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

/** POST /api/auth/email/verify: the token of a verification link. */
export const verifyEmailRequestSchema = z.object({ token: linkTokenSchema });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;
export const verifyEmailResponseSchema = z.object({ message: z.string(), email: z.string() });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** Answers of the account actions that only confirm. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
