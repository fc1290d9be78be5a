import { z } from 'zod';

/**
 * The privacy notice and terms parents agree to. Changing what the notice says means a new
 * version here: every family is then asked again before their child's next call.
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-24';

/** Where a parent agreed: the profile form, or the dashboard's step before a call. */
export const CONSENT_METHODS = ['profile_form', 'first_call_prompt'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

/** The profile form's field carrying the notice version the parent agreed to. */
export const PROFILE_CONSENT_FIELD = 'privacy_consent';

export const CONSENT_REQUIRED_MESSAGE =
  "Please read the privacy notice and tick the box to agree before saving your child's profile.";
export const CONSENT_OUTDATED_MESSAGE =
  'The privacy notice has changed since this page was opened. Please reload, read it and agree again.';
export const CALL_CONSENT_REQUIRED_MESSAGE =
  'Please read and agree to the privacy notice before your child calls Santa.';

/** GET /api/privacy/consent. */
export const consentStatusSchema = z.object({
  current_version: z.string(),
  /** True when the family agreed to the current version. */
  consented: z.boolean(),
  /** The latest agreement, whichever version. */
  consented_version: z.string().nullable(),
  consented_at: z.string().nullable(),
});
export type ConsentStatus = z.infer<typeof consentStatusSchema>;

/** POST /api/privacy/consent: the dashboard's step before a call. */
export const consentRequestSchema = z.object({
  notice_version: z.string().min(1).max(40),
});
export type ConsentRequest = z.infer<typeof consentRequestSchema>;

/** What confirms a deletion: the password, or for a Google-only account the word DELETE. */
export const DELETE_WORD = 'DELETE';
export const deletionConfirmationSchema = z.object({
  password: z.string().max(200).optional(),
  confirm: z.string().max(20).optional(),
});
export type DeletionConfirmation = z.infer<typeof deletionConfirmationSchema>;

/** A Google-only parent must have signed in this recently to delete (minutes). */
export const RECENT_SIGN_IN_MINUTES = 15;
export const RECENT_SIGN_IN_MESSAGE = `For your safety, please sign out and sign in with Google again, then delete within ${RECENT_SIGN_IN_MINUTES} minutes.`;
export const TYPE_DELETE_MESSAGE = `Please type ${DELETE_WORD} to confirm.`;

/** How long the link to a family's download works (hours). */
export const EXPORT_LINK_HOURS = 24;

export const EXPORT_STATUSES = ['building', 'ready', 'failed'] as const;
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(EXPORT_STATUSES),
  requested_at: z.string(),
  /** When the download link stops working (ready exports). */
  expires_at: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /api/privacy/exports: the latest request, if any. */
export const dataExportStatusSchema = z.object({ export: dataExportSchema.nullable() });
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

/** The privacy actions a parent takes, as written to the audit log (never with child data). */
export const PRIVACY_ACTIONS = [
  'consent',
  'export_requested',
  'export_downloaded',
  'delete_call',
  'delete_child_profile',
  'delete_account',
] as const;
export type PrivacyAction = (typeof PRIVACY_ACTIONS)[number];
