import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { SandboxSecrets } from './sandbox-secrets.ts';
import { SandboxTelephony } from './telephony/sandbox-telephony.ts';
import type { Telephony } from './telephony/telephony.ts';

/**
 * Every outside service the app talks to, each behind an interface in our words (style rule 8).
 * Issues add their provider here and in createProviders.
 */
export interface Providers {
  readonly sandboxSecrets: SandboxSecrets;
  readonly telephony: Telephony;
}

export interface ProviderContext {
  config: Config;
  db: Db;
  sandboxSecrets: SandboxSecrets;
}

/** Chooses the real provider when its keys are configured, else the sandbox (design §3). */
export function createProviders(ctx: ProviderContext): Providers {
  const { config, db, sandboxSecrets } = ctx;
  return {
    sandboxSecrets,
    // ── telephony (the real Twilio adapter is chosen here when TWILIO_* keys are set) ──
    telephony: new SandboxTelephony(
      db,
      config.twilio.authToken ?? sandboxSecrets.twilioAuthToken,
      config.twilio.hotlineNumber,
    ),
  };
}
