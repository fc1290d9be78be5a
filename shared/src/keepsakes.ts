import { z } from 'zod';
import { callRecapSchema } from './recap.ts';

/**
 * Keepsakes: a call the parent shares (Santa's recap in the child's words, and the recording when
 * the family may play it) by a link that expires and can be revoked, and the printable Nice List
 * certificate. The listener needs no account and sees nothing else of the family (decision 0018).
 */

/** How long a new link works, as the parent picks it; the first is a week, the default a month. */
export const SHARE_LINK_DAYS = [7, 30] as const;
export const DEFAULT_SHARE_LINK_DAYS = 30;

/** Links working at once for one call: enough for the grandparents, not a broadcast. */
export const MAX_ACTIVE_SHARE_LINKS = 5;

/** POST /api/calls/:id/share-links */
export const createShareLinkSchema = z.object({
  expires_in_days: z
    .literal(SHARE_LINK_DAYS, { error: `A link can last ${SHARE_LINK_DAYS.join(' or ')} days.` })
    .default(DEFAULT_SHARE_LINK_DAYS),
});
export type CreateShareLinkInput = z.input<typeof createShareLinkSchema>;

/** A link as the parent sees it in the list: never its token, which only the creation answers. */
export const shareLinkSchema = z.object({
  id: z.string(),
  /** ISO 8601 */
  created_at: z.string(),
  /** ISO 8601 */
  expires_at: z.string(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** The creation's answer: the one time the link's address is shown. */
export const createdShareLinkSchema = shareLinkSchema.extend({ url: z.string() });
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

/** GET /api/calls/:id/share-links: the call's links that still work, newest first. */
export const shareLinksSchema = z.object({
  links: z.array(shareLinkSchema),
  /** Whether a listener would hear the recording (unlocked, and still kept). */
  includes_recording: z.boolean(),
});
export type ShareLinks = z.infer<typeof shareLinksSchema>;

/**
 * GET /api/keepsakes/:token: all a listener is given. The child's first name (null when the
 * family has no profile now), the call's date, the recap, and where to stream the recording.
 */
export const keepsakeSchema = z.object({
  child_name: z.string().nullable(),
  /** ISO 8601: when the child called. */
  called_at: z.string(),
  recap: callRecapSchema.nullable(),
  /** `/api/keepsakes/{token}/recording`, or null when there is none to play. */
  recording_url: z.string().nullable(),
  /** `/api/keepsakes/{token}/certificate`: the Nice List certificate as a PDF. */
  certificate_url: z.string(),
  /** ISO 8601: when the link stops working. */
  expires_at: z.string(),
});
export type Keepsake = z.infer<typeof keepsakeSchema>;

export const KEEPSAKE_GONE_MESSAGE =
  'This keepsake link has expired or was turned off by the family who shared it.';
export const KEEPSAKE_NOT_FOUND_MESSAGE = 'This keepsake link is not valid. Please check the address.';
export const NOTHING_TO_SHARE_MESSAGE =
  'This call has nothing to share yet: there is no recap, and its recording is not unlocked.';
export const TOO_MANY_LINKS_MESSAGE = `A call can have ${MAX_ACTIVE_SHARE_LINKS} links working at once. Turn one off to make another.`;
export const SHARE_LINK_NOT_FOUND_MESSAGE = 'That link was not found. It may already be turned off.';

/** The name a certificate and a keepsake show: the first name only, never the whole of it. */
export function firstName(kidName: string | null | undefined): string | null {
  const first = kidName?.trim().split(/\s+/)[0];
  return first ? first : null;
}
