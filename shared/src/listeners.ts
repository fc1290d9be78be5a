import { z } from 'zod';
import { callRecapSchema } from './recap.ts';

/**
 * Grandparents and other family invited to listen (decision 0026): they see the family's calls,
 * each one's recap, and play the recordings the family may play; nothing else of the family.
 */
export const LISTENERS_LIMIT = 10;
/** How long an emailed invitation works. */
export const LISTENER_INVITE_DAYS = 14;

export const LISTENER_MESSAGES = {
  invited: (name: string) => `We emailed ${name} an invitation to listen.`,
  removed: 'They can no longer listen to your calls.',
  tooMany: `A family can invite at most ${LISTENERS_LIMIT} people to listen. Remove one to invite another.`,
  alreadyInvited: 'That address is already invited to listen.',
  notFound: 'Invitation not found',
  expired: 'This invitation has expired. Ask the family to invite you again.',
  ownFamily: 'This is your own family: you already see its calls on your dashboard.',
  joined: (family: string) => `You can now listen to ${family}'s calls with Santa.`,
  otherAddress: (invited: string) =>
    `This invitation was sent to ${maskEmail(invited)}; sign in with that address to accept it.`,
} as const;

/** "g…@example.com": enough for the right person to recognise their address, not to learn it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}…@${domain}`;
}

/** POST /api/listeners */
export const inviteListenerSchema = z.object({
  name: z
    .string({ error: 'Please say who you are inviting.' })
    .trim()
    .min(1, 'Please say who you are inviting.')
    .max(80, 'Please keep the name to 80 characters.'),
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Please enter a valid email address.' }).max(254)),
});
export type InviteListenerRequest = z.input<typeof inviteListenerSchema>;
export type InviteListenerInput = z.output<typeof inviteListenerSchema>;

export const listenerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(['invited', 'joined']),
  /** ISO 8601 */
  invited_at: z.string(),
});
export type Listener = z.infer<typeof listenerSchema>;

/** GET /api/listeners: whom the family invited to listen. */
export const listenersResponseSchema = z.object({ listeners: z.array(listenerSchema), limit: z.number() });
export type ListenersResponse = z.infer<typeof listenersResponseSchema>;

/** GET /api/listening/invitation?token=: whose invitation a link is, before it is accepted. */
export const invitationQuerySchema = z.object({ token: z.string().min(1, 'Invitation not found').max(200) });
export const invitationResponseSchema = z.object({
  family_name: z.string(),
  invitee_name: z.string(),
  /** Past LISTENER_INVITE_DAYS: the page asks for a new invitation instead of offering Accept. */
  expired: z.boolean(),
});
export type InvitationResponse = z.infer<typeof invitationResponseSchema>;

/** POST /api/listening/accept: the token from the emailed link's #fragment. */
export const acceptInviteSchema = z.object({ token: z.string().min(1, 'Invitation not found') });

export const listenedCallSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  duration: z.number().int(),
  child_name: z.string().nullable(),
  summary: z.string(),
  recap: callRecapSchema.nullable(),
  /** Where to play it: only a recording the family may play. */
  recording_url: z.string().nullable(),
});
export type ListenedCall = z.infer<typeof listenedCallSchema>;

/** GET /api/listening: each family the signed-in person listens to, with its calls. */
export const listeningResponseSchema = z.object({
  families: z.array(
    z.object({
      id: z.string(),
      /** The parent's name, as they signed up. */
      family_name: z.string(),
      calls: z.array(listenedCallSchema),
    }),
  ),
});
export type ListeningResponse = z.infer<typeof listeningResponseSchema>;
