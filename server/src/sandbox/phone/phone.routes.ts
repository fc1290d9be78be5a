import { possiblePhone } from '../../phone-numbers.ts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { requireSameOrigin } from '../../http/csrf.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { PROJECT_ROOT } from '../../project-paths.ts';
import { renderPhonePage } from './phone.page.ts';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Providers } from '../../providers/providers.ts';
import { SandboxTelephony } from '../../providers/telephony/sandbox-telephony.ts';
import { SandboxVoiceEngine } from '../../providers/voice/sandbox-voice-engine.ts';
import { postWithFetch, type PostToApp } from '../../providers/sandbox-webhooks.ts';
import { createPhoneSimulator, type PhoneSimulator } from './phone-simulator.ts';

export const CALLER_NUMBER_MESSAGE =
  'Enter the number you call from in international format, e.g. +1 415 555 2671';
const SANTA_NUMBER_MESSAGE = 'Choose one of the Santa numbers';
const MAX_LINE_LENGTH = 500;

// The simulator's own wire format; it is not part of the app's API contract in shared/.
const callSid = z.string().regex(/^CA[0-9a-f]{32}$/, 'Unknown call');
const dialSchema = z.object({
  from: z
    .string({ error: CALLER_NUMBER_MESSAGE })
    .max(32, CALLER_NUMBER_MESSAGE)
    .transform((value, ctx) => {
      const phone = possiblePhone(value);
      if (phone) return phone;
      ctx.addIssue({ code: 'custom', message: CALLER_NUMBER_MESSAGE });
      return z.NEVER;
    }),
  to: z.string({ error: SANTA_NUMBER_MESSAGE }).max(32, SANTA_NUMBER_MESSAGE),
});
const saySchema = z.object({
  call_sid: callSid,
  text: z
    .string({ error: 'Type something to say' })
    .trim()
    .min(1, 'Type something to say')
    .max(MAX_LINE_LENGTH, `Keep it under ${MAX_LINE_LENGTH} characters`),
});
const callSchema = z.object({ call_sid: callSid });
const messagesSchema = z.object({ to: dialSchema.shape.from });

// The browser code is a plain file beside this one: the CSP forbids inline scripts.
const APP_JS = path.join(PROJECT_ROOT, 'server', 'src', 'sandbox', 'phone', 'phone-app.js');

/** The phone simulator; mounted at /sandbox/phone only when voice and telephony are sandboxes. */
/** The Santa number of the family viewing the page (from its session), if it has its own line. */
export type FamilyLineOf = (req: Request) => Promise<string | undefined>;

export function createSandboxPhoneRouter(deps: {
  simulator: PhoneSimulator;
  allowedOrigins: string[];
  familyLineOf: FamilyLineOf;
  /** The texts the sandbox Twilio sent to a phone (verification codes). */
  messagesTo: (phone: string) => Promise<{ body: string; sent_at: Date }[]>;
  /** Places the phone's next scheduled call now: the sandbox plays the clock (decision 0025). */
  ringScheduledNow?: (phone: string) => Promise<boolean>;
}) {
  const { simulator } = deps;
  const router = Router();
  let appJs: Promise<string> | undefined;

  // Only the hotline and the viewer's own family line are offered: the list must not tell anyone
  // every family's private Santa number.
  router.get('/', async (req, res) => {
    const own = await deps.familyLineOf(req);
    const lines = (await simulator.santaNumbers()).filter(
      (line) => line.kind === 'hotline' || line.number === own,
    );
    res.set('Cache-Control', 'no-store').type('html').send(renderPhonePage(lines));
  });

  router.get('/app.js', async (_req, res) => {
    appJs ??= readFile(APP_JS, 'utf8');
    res
      .set('Cache-Control', 'no-cache')
      .type('text/javascript')
      .send(await appJs);
  });

  const api = Router();
  api.use(requireSameOrigin(deps.allowedOrigins));
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  api.post('/dial', async (req, res) => {
    const input = parseInput(dialSchema, req.body);
    const numbers = await simulator.santaNumbers();
    if (!numbers.some((line) => line.number === input.to))
      throw new AppError('bad_request', SANTA_NUMBER_MESSAGE);
    res.json(await simulator.dial(input.from, input.to));
  });

  api.post('/say', async (req, res) => {
    const input = parseInput(saySchema, req.body);
    res.json({ state: await simulator.say(input.call_sid, input.text) });
  });

  api.post('/hangup', async (req, res) => {
    const input = parseInput(callSchema, req.body);
    res.json(await simulator.hangup(input.call_sid));
  });

  api.get('/messages', async (req, res) => {
    const { to } = parseInput(messagesSchema, req.query);
    res.json({ messages: await deps.messagesTo(to) });
  });

  // Santa's scheduled calls ringing the number typed in "Calling from".
  api.get('/incoming', async (req, res) => {
    const { to } = parseInput(messagesSchema, req.query);
    res.json({ calls: await simulator.incoming(to) });
  });

  api.post('/ring-now', async (req, res) => {
    const { to } = parseInput(messagesSchema, req.body);
    const placed = (await deps.ringScheduledNow?.(to)) ?? false;
    if (!placed) throw new AppError('not_found', 'No scheduled call waits for this phone');
    res.json({ placed });
  });

  api.post('/answer', async (req, res) => {
    const input = parseInput(callSchema, req.body);
    res.json(await simulator.answer(input.call_sid));
  });

  api.post('/voicemail', async (req, res) => {
    const input = parseInput(callSchema, req.body);
    res.json(await simulator.voicemail(input.call_sid));
  });

  api.post('/decline', async (req, res) => {
    const input = parseInput(callSchema, req.body);
    await simulator.decline(input.call_sid);
    res.json({ declined: true });
  });

  api.get('/state', async (req, res) => {
    const input = parseInput(callSchema, req.query);
    res.json({ state: await simulator.state(input.call_sid) });
  });

  router.use('/api', api);
  return router;
}

/** Twilio's shape of an account SID, for webhooks the sandbox sends when no real account is set. */
const SANDBOX_ACCOUNT_SID = `AC${'0'.repeat(32)}`;

/**
 * The simulator and its router when both the voice agent and telephony are sandboxes (it signs
 * as Twilio with the sandbox's token); null otherwise, so real deployments have no phone page.
 */
export function createSandboxPhone(
  deps: {
    config: Config;
    providers: Providers;
    logger: Logger;
    sandboxPost?: PostToApp;
  },
  familyLineOf: FamilyLineOf,
  ringScheduledNow?: (phone: string) => Promise<boolean>,
): Router | null {
  const { config, providers } = deps;
  if (!(providers.voice instanceof SandboxVoiceEngine) || !(providers.telephony instanceof SandboxTelephony))
    return null;
  const simulator = createPhoneSimulator({
    engine: providers.voice,
    telephony: providers.telephony,
    publicUrl: config.publicUrl,
    agentId: config.elevenlabs.agentId ?? 'agent_sandbox_santa',
    accountSid: config.twilio.accountSid ?? SANDBOX_ACCOUNT_SID,
    postToApp: deps.sandboxPost ?? postWithFetch(config.publicUrl),
    logger: deps.logger,
  });
  const telephony = providers.telephony;
  return createSandboxPhoneRouter({
    simulator,
    allowedOrigins: config.allowedOrigins,
    familyLineOf,
    messagesTo: (phone) => telephony.messagesTo(phone),
    ringScheduledNow,
  });
}
