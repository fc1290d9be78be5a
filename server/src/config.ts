import { z } from 'zod';
import { retentionPolicyDefaults as retentionDefaults } from '@santa/shared/retention-policy';
import { productionProblems } from './production-rules.ts';

/** The fictional hotline the sandbox answers on; a real deployment must name its own. */
const SANDBOX_HOTLINE_NUMBER = '+15550100';

const optional = z.string().min(1).optional();

/** The summary model when OPENAI_MODEL is unset. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';

/** Where recordings go when RECORDINGS_S3_BUCKET is set (the S3 adapter reads it). */
export interface S3StorageSettings {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, …); unset for AWS itself. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket-in-the-path URLs, which most S3-compatible services need. */
  forcePathStyle: boolean;
  /** Folder inside the bucket, e.g. "recordings/". */
  prefix: string;
  /** How long to wait on the bucket (VENDOR_TIMEOUTS; tests shorten it). */
  timeouts?: { connectMs: number; requestMs: number };
}

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://santacalls.example' }).optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .refine((value) => /^(postgres(ql)?|memory):\/\//.test(value), 'must be postgres://… or memory://')
    .optional(),
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).default('admin@santacalls.local'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  NODE_ENV: z.string().optional(),
  // Unset means "on in development, off in production": a production image never falls back to a
  // sandbox that gives away plans or signs anyone in as anyone (docs/going-live.md, "Sandboxes and real keys").
  ALLOW_SANDBOX: booleanFlag.optional(),
  /** With ALLOW_SANDBOX=true in production: the secret every /sandbox page and API asks for. */
  SANDBOX_PAGES_TOKEN: optional,
  /** `single-replica`: recordings on local disk in production, deliberately. */
  RECORDINGS_LOCAL_DISK: z.enum(['single-replica']).optional(),
  TRUST_PROXY: z.string().optional(),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(8_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  INBOUND_ANSWER_BUDGET_MS: z.coerce.number().int().min(50).max(14_000).default(8_000),
  MAX_CONCURRENT_CALLS: z.coerce.number().int().min(1).default(10),
  // Santa's scheduled calls that may start in one 15-minute slot (decision 0025).
  SCHEDULED_CALLS_PER_SLOT: z.coerce.number().int().min(1).default(20),
  // Phone proof: where codes may go, and caps that hold across accounts and replicas.
  PHONE_COUNTRIES: z
    .string()
    .default('US,CA,GB')
    .transform((value) =>
      value
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    ),
  PHONE_CODES_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  PHONE_CODES_PER_NUMBER_PER_DAY: z.coerce.number().int().min(1).default(5),
  PHONE_CODES_PER_DAY: z.coerce.number().int().min(1).default(5_000),
  SILENT_CALL_CHECK_SECONDS: z.coerce.number().int().min(1).default(180),
  POST_CALL_GRACE_SECONDS: z.coerce.number().int().min(1).default(300),
  JOB_QUEUE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case Postgres schema name')
    .default('pgboss'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_NUMBER_COUNTRY: z.enum(['US', 'CA', 'GB'], { error: 'must be US, CA or GB' }).default('US'),
  TWILIO_BUNDLE_SID: z
    .string()
    .regex(/^BU[0-9a-fA-F]{32}$/, 'must be a Regulatory Bundle SID (BU followed by 32 hex digits)')
    .optional(),
  TWILIO_ADDRESS_SID: z
    .string()
    .regex(/^AD[0-9a-fA-F]{32}$/, 'must be an Address SID (AD followed by 32 hex digits)')
    .optional(),
  TWILIO_VERIFY_SERVICE_SID: z
    .string()
    .regex(/^VA[0-9a-fA-F]{32}$/, 'must be a Verify service SID (VA followed by 32 hex digits)')
    .optional(),
  SANTA_HOTLINE_NUMBER: z.string().default(SANDBOX_HOTLINE_NUMBER),
  ELEVENLABS_API_KEY: optional,
  ELEVENLABS_AGENT_ID: optional,
  ELEVENLABS_WEBHOOK_SECRET: optional,
  OPENAI_API_KEY: optional,
  OPENAI_MODEL: z.string().min(1).default(DEFAULT_OPENAI_MODEL),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  RECORDINGS_S3_BUCKET: optional,
  RECORDINGS_S3_REGION: z.string().min(1).default('us-east-1'),
  RECORDINGS_S3_ENDPOINT: z.url({ error: 'must be a URL such as https://s3.example.com' }).optional(),
  RECORDINGS_S3_ACCESS_KEY_ID: optional,
  RECORDINGS_S3_SECRET_ACCESS_KEY: optional,
  RECORDINGS_S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  RECORDINGS_S3_PREFIX: z.string().default(''),
  SMTP_URL: z
    .url({ error: 'must be smtp://user:password@host:587 or smtps://user:password@host:465' })
    .refine((value) => /^smtps?:\/\//.test(value), 'must start with smtp:// or smtps://')
    .optional(),
  EMAIL_FROM: z.string().min(3).optional(),
  RETENTION_DELETE_PROVIDER_COPIES: booleanFlag.default(retentionDefaults.deleteProviderCopies),
  RETENTION_UNPURCHASED_RECORDING_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .default(retentionDefaults.unpurchasedRecordingDays),
  RETENTION_ONE_CALL_TRANSCRIPT_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .default(retentionDefaults.oneCallTranscriptDays),
  RETENTION_INACTIVE_ACCOUNT_MONTHS: z.coerce
    .number()
    .int()
    .min(1)
    .default(retentionDefaults.inactiveAccountMonths),
  RETENTION_INACTIVE_WARNING_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .default(retentionDefaults.inactiveWarningDays),
  RETENTION_FAMILY_MIN_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(retentionDefaults.familyMinDays),
  RETENTION_FAMILY_MAX_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(retentionDefaults.familyMaxDays),
});

export interface Config {
  port: number;
  publicUrl: string;
  /** Origins allowed to make state-changing requests: PUBLIC_URL's plus ALLOWED_ORIGINS. */
  allowedOrigins: string[];
  dataDir: string;
  databaseUrl: string | undefined;
  databaseTimeouts: { connectMs: number; statementMs: number; idleInTransactionMs: number };
  /** The inbound call webhook answers Twilio within this, with an apology if need be. */
  inboundAnswerBudgetMs: number;
  /**
   * Calls put through to the voice agent at once; past it a caller hears that Santa's lines are
   * busy. ElevenLabs caps concurrent conversations per plan (docs/going-live.md, "Production settings").
   */
  maxConcurrentCalls: number;
  /** Where phone codes may be sent, and how many (per client address, per number, per day). */
  phoneProof: { countries: string[]; perClientPerHour: number; perNumberPerDay: number; perDay: number };
  /** SCHEDULED_CALLS_PER_SLOT: scheduled calls per 15-minute slot, across all families. */
  scheduledCallsPerSlot: number;
  adminEmail: string;
  adminPassword: string | undefined;
  allowSandbox: boolean;
  /** When set, every /sandbox page and API asks for it (production with ALLOW_SANDBOX=true). */
  sandboxPagesToken: string | undefined;
  trustProxy: string | undefined;
  /** Sign-in and sign-up attempts per IP per 15 minutes. */
  authRateLimitPerIp: number;
  logLevel: string;
  /** A live call nobody has reported on for this long is checked with Twilio. */
  silentCallCheckSeconds: number;
  /** How long an ended call waits for the post-call event before Twilio's record settles it. */
  postCallGraceSeconds: number;
  /** The Postgres schema of the job queue's tables. */
  jobQueueSchema: string;
  /** GET /metrics answers only with this bearer token; unset, there is no /metrics. */
  metricsToken: string | undefined;
  /** Secure + SameSite=None cookies need https, or http on localhost (browsers allow it there). */
  secureCookies: boolean;
  stripe: { secretKey?: string; webhookSecret?: string };
  twilio: {
    accountSid?: string;
    authToken?: string;
    hotlineNumber: string;
    /** Dedicated numbers are bought in this country. */
    numberCountry: 'US' | 'CA' | 'GB';
    /** The regulatory bundle and address a purchase names (UK numbers need both). */
    bundleSid?: string;
    addressSid?: string;
    /** The Twilio Verify service that proves family phones. */
    verifyServiceSid?: string;
  };
  elevenlabs: { apiKey?: string; agentId?: string; webhookSecret?: string };
  openai: { apiKey?: string; model: string };
  google: { clientId?: string; clientSecret?: string };
  /** Set: recordings live in this S3-compatible bucket; unset: in DATA_DIR/recordings. */
  recordingsS3: S3StorageSettings | undefined;
  /** SMTP_URL set: email goes through that server; unset: into the sandbox mailbox. */
  email: { smtpUrl?: string; from: string };
  /** The published retention schedule (docs/features/privacy-and-retention.md, "Retention"); each enforced by a job. */
  retention: RetentionSettings;
}

export interface RetentionSettings {
  /** The voice provider's copy of every call is deleted once the call and its audio are stored. */
  deleteProviderCopies: boolean;
  /** Recordings the family has not unlocked are deleted this many days after the call. */
  unpurchasedRecordingDays: number;
  /** Transcripts and summaries of Free Sample and Pay Per Call calls, after this many days. */
  oneCallTranscriptDays: number;
  /** Accounts unused this many months are deleted, after a warning email. */
  inactiveAccountMonths: number;
  /** The warning goes this many days before the deletion. */
  inactiveWarningDays: number;
  /** The range of "delete after N days" a family may choose for its recordings. */
  familyMinDays: number;
  familyMaxDays: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

type Env = z.infer<typeof envSchema>;

/**
 * Real keys without what makes them work: each would start fine and then fail every real
 * webhook or call (docs/going-live.md).
 */
function halfConfigured(e: Env): string[] {
  const problems: string[] = [];
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push(
      'STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY, or every real Stripe webhook is refused and paid passes never activate. Copy the signing secret (whsec_…) of the webhook endpoint at PUBLIC_URL/api/stripe/webhook.',
    );
  }
  if (e.ELEVENLABS_API_KEY && !e.ELEVENLABS_WEBHOOK_SECRET) {
    problems.push(
      "ELEVENLABS_WEBHOOK_SECRET: required with ELEVENLABS_API_KEY, or every post-call webhook is refused and no call is stored. Copy the HMAC secret of the workspace's post-call webhook.",
    );
  }
  if (e.TWILIO_ACCOUNT_SID && !e.ELEVENLABS_API_KEY) {
    problems.push(
      "ELEVENLABS_API_KEY/ELEVENLABS_AGENT_ID: required with real Twilio keys, or real callers are handed to the sandbox Santa's address. Set them, or unset TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN.",
    );
  }
  if (e.SMTP_URL && !e.EMAIL_FROM) {
    problems.push(
      'EMAIL_FROM: required with SMTP_URL, e.g. "Santa Calls <santa@yourdomain.example>": an address your SMTP provider lets you send from, or every email is refused.',
    );
  }
  if (e.TWILIO_ACCOUNT_SID && !e.TWILIO_VERIFY_SERVICE_SID) {
    problems.push(
      'TWILIO_VERIFY_SERVICE_SID: required with real Twilio keys, or no family phone can be proven. Create a Verify service in the Twilio Console (Verify > Services) and copy its SID (VA…).',
    );
  }
  if (e.TWILIO_ACCOUNT_SID && e.SANTA_HOTLINE_NUMBER === SANDBOX_HOTLINE_NUMBER) {
    problems.push(
      'SANTA_HOTLINE_NUMBER: required with real Twilio keys: the hotline your Twilio account owns, in E.164 (+1…).',
    );
  }
  return problems;
}

/** Parses the environment once; empty strings count as unset so `.env` templates stay harmless. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = result.data;
  const problems: string[] = [];
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin;
  const extraOrigins = (e.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => {
      try {
        return new URL(origin).origin;
      } catch {
        problems.push(`ALLOWED_ORIGINS: "${origin}" is not a URL`);
        return '';
      }
    });
  const pairs: [string, string | undefined, string | undefined][] = [
    ['TWILIO_ACCOUNT_SID/TWILIO_AUTH_TOKEN', e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN],
    ['ELEVENLABS_API_KEY/ELEVENLABS_AGENT_ID', e.ELEVENLABS_API_KEY, e.ELEVENLABS_AGENT_ID],
    ['GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET', e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET],
  ];
  for (const [names, a, b] of pairs) {
    if (Boolean(a) !== Boolean(b)) problems.push(`${names}: set both or neither`);
  }
  problems.push(...halfConfigured(e));
  if (e.RETENTION_FAMILY_MIN_DAYS > e.RETENTION_FAMILY_MAX_DAYS)
    problems.push('RETENTION_FAMILY_MIN_DAYS: must not be more than RETENTION_FAMILY_MAX_DAYS');
  if (e.RETENTION_INACTIVE_WARNING_DAYS >= e.RETENTION_INACTIVE_ACCOUNT_MONTHS * 28)
    problems.push('RETENTION_INACTIVE_WARNING_DAYS: must be shorter than RETENTION_INACTIVE_ACCOUNT_MONTHS');
  const allowSandbox = e.ALLOW_SANDBOX ?? e.NODE_ENV !== 'production';
  if (!allowSandbox) {
    const required: [string, string | undefined][] = [
      ['STRIPE_SECRET_KEY', e.STRIPE_SECRET_KEY],
      ['STRIPE_WEBHOOK_SECRET', e.STRIPE_WEBHOOK_SECRET],
      ['TWILIO_ACCOUNT_SID', e.TWILIO_ACCOUNT_SID],
      ['TWILIO_AUTH_TOKEN', e.TWILIO_AUTH_TOKEN],
      ['TWILIO_VERIFY_SERVICE_SID', e.TWILIO_VERIFY_SERVICE_SID],
      ['ELEVENLABS_API_KEY', e.ELEVENLABS_API_KEY],
      ['ELEVENLABS_AGENT_ID', e.ELEVENLABS_AGENT_ID],
      ['ELEVENLABS_WEBHOOK_SECRET', e.ELEVENLABS_WEBHOOK_SECRET],
      ['GOOGLE_CLIENT_ID', e.GOOGLE_CLIENT_ID],
      ['GOOGLE_CLIENT_SECRET', e.GOOGLE_CLIENT_SECRET],
      ['SMTP_URL', e.SMTP_URL],
      ['EMAIL_FROM', e.EMAIL_FROM],
      ['PUBLIC_URL', e.PUBLIC_URL],
      ['SANTA_HOTLINE_NUMBER', cleaned.SANTA_HOTLINE_NUMBER],
    ];
    const missing = required.filter(([, value]) => !value).map(([name]) => name);
    if (missing.length > 0) {
      const why = e.ALLOW_SANDBOX === false ? 'ALLOW_SANDBOX=false' : 'NODE_ENV=production';
      problems.push(
        `sandboxes are off (${why}) and these keys are missing: ${missing.join(', ')}. ` +
          'Set them, or set ALLOW_SANDBOX=true to run with sandboxes (development only).',
      );
    }
  }
  problems.push(
    ...productionProblems({
      ...e,
      SANTA_HOTLINE_NUMBER: cleaned.SANTA_HOTLINE_NUMBER,
      sandboxesOn: allowSandbox,
    }),
  );
  if (problems.length > 0) throw new ConfigError(problems);

  const url = new URL(publicUrl);
  const isLocalhost = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return {
    port: e.PORT,
    publicUrl,
    allowedOrigins: [publicUrl, ...extraOrigins],
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    inboundAnswerBudgetMs: e.INBOUND_ANSWER_BUDGET_MS,
    maxConcurrentCalls: e.MAX_CONCURRENT_CALLS,
    scheduledCallsPerSlot: e.SCHEDULED_CALLS_PER_SLOT,
    phoneProof: {
      countries: e.PHONE_COUNTRIES,
      perClientPerHour: e.PHONE_CODES_PER_CLIENT_PER_HOUR,
      perNumberPerDay: e.PHONE_CODES_PER_NUMBER_PER_DAY,
      perDay: e.PHONE_CODES_PER_DAY,
    },
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    adminEmail: e.ADMIN_EMAIL.trim().toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    allowSandbox,
    sandboxPagesToken: allowSandbox ? e.SANDBOX_PAGES_TOKEN : undefined,
    trustProxy: e.TRUST_PROXY,
    authRateLimitPerIp: e.AUTH_RATE_LIMIT_PER_IP,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    jobQueueSchema: e.JOB_QUEUE_SCHEMA,
    silentCallCheckSeconds: e.SILENT_CALL_CHECK_SECONDS,
    postCallGraceSeconds: e.POST_CALL_GRACE_SECONDS,
    secureCookies: url.protocol === 'https:' || isLocalhost,
    stripe: { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET },
    twilio: {
      accountSid: e.TWILIO_ACCOUNT_SID,
      authToken: e.TWILIO_AUTH_TOKEN,
      hotlineNumber: e.SANTA_HOTLINE_NUMBER,
      numberCountry: e.TWILIO_NUMBER_COUNTRY,
      bundleSid: e.TWILIO_BUNDLE_SID,
      addressSid: e.TWILIO_ADDRESS_SID,
      verifyServiceSid: e.TWILIO_VERIFY_SERVICE_SID,
    },
    elevenlabs: {
      apiKey: e.ELEVENLABS_API_KEY,
      agentId: e.ELEVENLABS_AGENT_ID,
      webhookSecret: e.ELEVENLABS_WEBHOOK_SECRET,
    },
    openai: { apiKey: e.OPENAI_API_KEY, model: e.OPENAI_MODEL },
    google: { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET },
    recordingsS3: e.RECORDINGS_S3_BUCKET
      ? {
          bucket: e.RECORDINGS_S3_BUCKET,
          region: e.RECORDINGS_S3_REGION,
          endpoint: e.RECORDINGS_S3_ENDPOINT,
          accessKeyId: e.RECORDINGS_S3_ACCESS_KEY_ID,
          secretAccessKey: e.RECORDINGS_S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.RECORDINGS_S3_FORCE_PATH_STYLE ?? false,
          prefix: e.RECORDINGS_S3_PREFIX,
        }
      : undefined,
    email: {
      smtpUrl: e.SMTP_URL,
      // The sandbox's sender; a real SMTP server gets EMAIL_FROM (required with it).
      from: e.EMAIL_FROM ?? `Santa Calls <santa@${url.hostname.replace(/^\[|\]$/g, '')}>`,
    },
    retention: {
      deleteProviderCopies: e.RETENTION_DELETE_PROVIDER_COPIES,
      unpurchasedRecordingDays: e.RETENTION_UNPURCHASED_RECORDING_DAYS,
      oneCallTranscriptDays: e.RETENTION_ONE_CALL_TRANSCRIPT_DAYS,
      inactiveAccountMonths: e.RETENTION_INACTIVE_ACCOUNT_MONTHS,
      inactiveWarningDays: e.RETENTION_INACTIVE_WARNING_DAYS,
      familyMinDays: e.RETENTION_FAMILY_MIN_DAYS,
      familyMaxDays: e.RETENTION_FAMILY_MAX_DAYS,
    },
  };
}
