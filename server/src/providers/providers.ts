import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { countFailures } from '../metrics/count-failures.ts';
import type { Mailer } from './email/mailer.ts';
import { SandboxMailer } from './email/sandbox-mailer.ts';
import { SmtpMailer } from './email/smtp-mailer.ts';
import type { GoogleProvider } from './google/google-provider.ts';
import { OpenIdGoogle } from './google/openid-google.ts';
import { SandboxGoogle } from './google/sandbox-google.ts';
import type { SandboxSecrets } from './sandbox-secrets.ts';
import { SandboxStripe } from './stripe/sandbox-stripe.ts';
import { StripeAdapter } from './stripe/stripe-adapter.ts';
import type { StripeProvider } from './stripe/stripe-provider.ts';
import { SandboxTelephony } from './telephony/sandbox-telephony.ts';
import type { Telephony } from './telephony/telephony.ts';
import type { PhoneVerifier } from './phone-proof/phone-verifier.ts';
import { SandboxVerify } from './phone-proof/sandbox-verify.ts';
import { TwilioVerify } from './phone-proof/twilio-verify.ts';
import { SandboxVoiceEngine } from './voice/sandbox-voice-engine.ts';
import { ElevenLabsVoiceEngine } from './voice/elevenlabs-voice-engine.ts';
import { TwilioTelephony } from './telephony/twilio-telephony.ts';
import { LocalRecordingStorage } from './storage/local-recording-storage.ts';
import type { RecordingStorage } from './storage/recording-storage.ts';
import { S3RecordingStorage } from './storage/s3-recording-storage.ts';
import type { Moderation } from './moderation/moderation.ts';
import { NoModeration } from './moderation/no-moderation.ts';
import { OpenAiModeration } from './moderation/openai-moderation.ts';
import { LocalSummarizer } from './summarizer/local-summarizer.ts';
import { OpenAiSummarizer } from './summarizer/openai-summarizer.ts';
import type { Summarizer } from './summarizer/summarizer.ts';
import path from 'node:path';
import type { VoiceEngine } from './voice/voice-engine.ts';

/**
 * Every outside service the app talks to, each behind an interface in our words.
 * Issues add their provider here and in createProviders.
 */
export interface Providers {
  readonly sandboxSecrets: SandboxSecrets;
  readonly telephony: Telephony;
  /** Proves a family holds a phone (Twilio Verify). */
  readonly phoneVerifier: PhoneVerifier;
  readonly voice: VoiceEngine;
  readonly recordings: RecordingStorage;
  readonly summarizer: Summarizer;
  /** OpenAI's moderation read of a finished call, beside the local rules (OPENAI_API_KEY). */
  readonly moderation: Moderation;
  readonly google: GoogleProvider;
  readonly stripe: StripeProvider;
  readonly mailer: Mailer;
}

export interface ProviderContext {
  config: Config;
  db: Db;
  sandboxSecrets: SandboxSecrets;
  /** Where a provider reports what it handles itself (the summarizer's fallback). */
  logger?: Logger;
  /** Told of every failed call to an outside service (the provider error counter). */
  onFailure?: (provider: string, operation: string) => void;
}

/** Chooses the real provider when its keys are configured, else the sandbox. */
export function createProviders(ctx: ProviderContext): Providers {
  const onFailure = ctx.onFailure;
  const providers = chooseProviders(ctx);
  if (!onFailure) return providers;
  return {
    sandboxSecrets: providers.sandboxSecrets,
    telephony: countFailures(providers.telephony, 'telephony', onFailure),
    phoneVerifier: countFailures(providers.phoneVerifier, 'phone-proof', onFailure),
    voice: countFailures(providers.voice, 'voice', onFailure),
    recordings: countFailures(providers.recordings, 'recordings', onFailure),
    summarizer: providers.summarizer,
    moderation: providers.moderation,
    google: countFailures(providers.google, 'google', onFailure),
    stripe: countFailures(providers.stripe, 'stripe', onFailure),
    mailer: countFailures(providers.mailer, 'email', onFailure),
  };
}

function chooseProviders(ctx: ProviderContext): Providers {
  const { config, db, sandboxSecrets } = ctx;
  const stripeWebhookSecret = config.stripe.webhookSecret ?? sandboxSecrets.stripeWebhookSecret;
  return {
    sandboxSecrets,
    stripe: config.stripe.secretKey
      ? new StripeAdapter({ secretKey: config.stripe.secretKey, webhookSecret: stripeWebhookSecret })
      : new SandboxStripe(db, stripeWebhookSecret, config.publicUrl),
    google:
      config.google.clientId && config.google.clientSecret
        ? new OpenIdGoogle({ clientId: config.google.clientId, clientSecret: config.google.clientSecret })
        : new SandboxGoogle({ clientSecret: sandboxSecrets.googleClientSecret, publicUrl: config.publicUrl }),
    ...chooseTelephony(ctx),
    // ── voice (the real ElevenLabs adapter is chosen here when ELEVENLABS_* keys are set) ──
    voice:
      config.elevenlabs.apiKey && config.elevenlabs.agentId
        ? new ElevenLabsVoiceEngine({
            apiKey: config.elevenlabs.apiKey,
            agentId: config.elevenlabs.agentId,
            webhookSecret: config.elevenlabs.webhookSecret ?? sandboxSecrets.elevenlabsWebhookSecret,
          })
        : new SandboxVoiceEngine(
            db,
            config.elevenlabs.webhookSecret ?? sandboxSecrets.elevenlabsWebhookSecret,
            config.publicUrl,
          ),
    mailer: config.email.smtpUrl
      ? new SmtpMailer({ smtpUrl: config.email.smtpUrl, from: config.email.from })
      : new SandboxMailer(db, config.email.from),
    recordings: config.recordingsS3
      ? new S3RecordingStorage(config.recordingsS3)
      : new LocalRecordingStorage(path.join(config.dataDir, 'recordings')),
    // The summarizer falls back to a local summary itself; its failures are still counted.
    summarizer: config.openai.apiKey
      ? new OpenAiSummarizer({
          apiKey: config.openai.apiKey,
          model: config.openai.model,
          onError: (error, advice) => {
            ctx.onFailure?.('openai', 'summarize');
            ctx.logger?.error({ err: error }, `call summary: ${advice}`);
          },
        })
      : new LocalSummarizer(),
    // Like the summarizer it never throws; a failure is counted and the local rules stand alone.
    // Only the error's name and status are logged: its message could quote what was sent.
    moderation: config.openai.apiKey
      ? new OpenAiModeration({
          apiKey: config.openai.apiKey,
          onError: (error, advice) => {
            ctx.onFailure?.('openai', 'moderate');
            ctx.logger?.error(
              {
                errorName: error instanceof Error ? error.name : typeof error,
                status: (error as { status?: unknown } | null)?.status,
              },
              `call safety read: ${advice}`,
            );
          },
        })
      : new NoModeration(),
  };
}

/** Twilio for calls and numbers, and Twilio Verify for phone proof, when TWILIO_* keys are set. */
function chooseTelephony(ctx: ProviderContext): Pick<Providers, 'telephony' | 'phoneVerifier'> {
  const { config, db, sandboxSecrets } = ctx;
  const { accountSid, authToken, verifyServiceSid } = config.twilio;
  const sandboxPhone = () =>
    new SandboxTelephony(db, authToken ?? sandboxSecrets.twilioAuthToken, config.twilio.hotlineNumber);
  const telephony =
    accountSid && authToken
      ? new TwilioTelephony({
          accountSid,
          authToken,
          hotlineNumber: config.twilio.hotlineNumber,
          purchase: {
            country: config.twilio.numberCountry,
            bundleSid: config.twilio.bundleSid,
            addressSid: config.twilio.addressSid,
          },
          callCountries: config.phoneProof.countries,
        })
      : sandboxPhone();
  // Config refuses real Twilio keys without a Verify service, so a sandbox verifier delivers its
  // codes to the sandbox phone.
  const phoneVerifier =
    accountSid && authToken && verifyServiceSid
      ? new TwilioVerify({
          accountSid,
          authToken,
          serviceSid: verifyServiceSid,
          countries: config.phoneProof.countries,
        })
      : new SandboxVerify(db, (to, body) =>
          (telephony instanceof SandboxTelephony ? telephony : sandboxPhone()).sendSms(to, body),
        );
  return { telephony, phoneVerifier };
}
