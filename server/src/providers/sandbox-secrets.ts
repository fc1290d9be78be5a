import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets the sandbox providers sign with when no real key is configured. Kept in DATA_DIR so
 * signatures stay valid across restarts; memory-only when no directory is given (tests).
 */
export interface SandboxSecrets {
  stripeWebhookSecret: string;
  twilioAuthToken: string;
  elevenlabsWebhookSecret: string;
  googleClientSecret: string;
}

function generate(): SandboxSecrets {
  return {
    stripeWebhookSecret: `whsec_${randomBytes(24).toString('hex')}`,
    twilioAuthToken: randomBytes(16).toString('hex'),
    elevenlabsWebhookSecret: `wsec_${randomBytes(24).toString('hex')}`,
    googleClientSecret: randomBytes(24).toString('base64url'),
  };
}

export function loadSandboxSecrets(dataDir?: string): SandboxSecrets {
  if (!dataDir) return generate();
  const file = path.join(dataDir, 'sandbox-secrets.json');
  try {
    return { ...generate(), ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<SandboxSecrets>) };
  } catch {
    const secrets = generate();
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    return secrets;
  }
}
