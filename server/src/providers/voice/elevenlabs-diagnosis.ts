import { ElevenLabsError, type ElevenLabs, type ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { fatal, ok, unreachable, warning, type DiagnosisContext, type Finding } from '../diagnosis.ts';

/** The path ElevenLabs posts post-call events to (voice.routes.ts). */
export const POST_CALL_PATH = '/api/voice/elevenlabs/post-call';

/** Twilio's media streams carry μ-law at 8 kHz, both ways; register-call does not convert. */
const TWILIO_AUDIO = 'ulaw_8000';

/** A doctor's question should answer quickly, and say so when it cannot. */
const ASK = { maxRetries: 0, timeoutInSeconds: 10 } as const;

type Agent = ElevenLabs.GetAgentResponseModel;

function status(error: unknown): number | undefined {
  return error instanceof ElevenLabsError ? error.statusCode : undefined;
}

function agentUnreadable(agentId: string, error: unknown): Finding {
  const code = status(error);
  if (code === 404)
    return fatal(
      'agent',
      `no agent ${agentId} in this workspace`,
      "Set ELEVENLABS_AGENT_ID to the ID shown under the agent's name in ElevenLabs → Agents.",
    );
  if (code === 401 || code === 403)
    return fatal(
      'agent',
      `the API key was refused (${code})`,
      'Set ELEVENLABS_API_KEY to a key of the workspace that owns the agent, with Agents Platform read and write access.',
    );
  return unreachable(
    'agent',
    error,
    'Check that this server can reach api.elevenlabs.io and that ELEVENLABS_API_KEY is valid, then run the check again.',
  );
}

function audioFindings(agent: Agent): Finding[] {
  const input = agent.conversationConfig.asr?.userInputAudioFormat;
  const output = agent.conversationConfig.tts?.agentOutputAudioFormat;
  const shown = (format: string | undefined) => format ?? 'not set (ElevenLabs uses pcm_16000)';
  return [
    input === TWILIO_AUDIO
      ? ok('caller audio', `${TWILIO_AUDIO} (μ-law 8000 Hz), as Twilio sends it`)
      : fatal(
          'caller audio',
          `user input audio format is ${shown(input)}: Santa would hear the child as noise`,
          "In the ElevenLabs agent's Advanced settings, set “User input audio format” to μ-law 8000 Hz.",
        ),
    output === TWILIO_AUDIO
      ? ok("Santa's audio", `${TWILIO_AUDIO} (μ-law 8000 Hz), as Twilio plays it`)
      : fatal(
          "Santa's audio",
          `TTS output format is ${shown(output)}: the child would hear silence or static`,
          "In the ElevenLabs agent's Voice settings, set “TTS output format” to μ-law 8000 Hz.",
        ),
  ];
}

/**
 * register-call sends the family's prompt, first message and time limit as overrides; ElevenLabs
 * refuses a conversation carrying an override the agent does not allow, so each one is fatal.
 */
function overrideFindings(agent: Agent): Finding[] {
  const allowed = agent.platformSettings?.overrides?.conversationConfigOverride;
  const agentMax = agent.conversationConfig.conversation?.maxDurationSeconds;
  const overrides: [string, boolean | undefined, string][] = [
    [
      'prompt override',
      allowed?.agent?.prompt?.prompt,
      "In the ElevenLabs agent's Security settings, under Overrides, enable “System prompt”.",
    ],
    [
      'first message override',
      allowed?.agent?.firstMessage,
      "In the ElevenLabs agent's Security settings, under Overrides, enable “First message”.",
    ],
    [
      'max duration override',
      allowed?.conversation?.maxDurationSeconds,
      'Allow the per-call maximum duration: PATCH /v1/convai/agents/{agent_id} with ' +
        'platform_settings.overrides.conversation_config_override.conversation.max_duration_seconds = true.',
    ],
  ];
  return overrides.map(([check, enabled, fix]) =>
    enabled === true
      ? ok(
          check,
          check === 'max duration override' && agentMax
            ? `allowed (each call is bounded by its family's minutes; the agent's own maximum is ${agentMax} s)`
            : 'allowed',
        )
      : fatal(check, 'not allowed: ElevenLabs would refuse every call, which sends it', fix),
  );
}

/** ElevenLabs' voice models that speak English only; the rest speak every language we offer. */
const ENGLISH_ONLY_MODELS = new Set(['eleven_monolingual_v1', 'eleven_turbo_v2', 'eleven_flash_v2']);

/**
 * A child's call in Spanish, French, German, Italian or Portuguese carries the language override
 * (decision 0036), and needs a voice model that speaks it. English calls work without either.
 */
function languageFindings(agent: Agent): Finding[] {
  const allowed = agent.platformSettings?.overrides?.conversationConfigOverride?.agent?.language;
  const model = agent.conversationConfig.tts?.modelId;
  return [
    allowed === true
      ? ok('language override', "allowed: Santa speaks each child's language")
      : warning(
          'language override',
          'not allowed: calls of children who speak Spanish, French, German, Italian or Portuguese would be refused',
          "In the ElevenLabs agent's Security settings, under Overrides, enable “Language”.",
        ),
    model && ENGLISH_ONLY_MODELS.has(model)
      ? warning(
          'voice model',
          `${model} speaks English only: Santa could not speak the other languages`,
          "In the agent's Voice settings, choose a multilingual model (Flash v2.5, Turbo v2.5 or Multilingual v2).",
        )
      : ok('voice model', `${model ?? 'the default model'} speaks every language Santa offers`),
  ];
}

/**
 * Browser calls connect with a signed URL our server mints after reserving minutes (decision
 * 0035). An agent that does not require it can be talked to by anyone who knows its id, for free.
 */
function authFinding(agent: Agent): Finding {
  return agent.platformSettings?.auth?.enableAuth === true
    ? ok('browser calls', 'the agent requires a signed URL, which only our server mints')
    : fatal(
        'browser calls',
        'the agent does not require authentication: anyone who knows its id could talk to Santa unbilled',
        "In the ElevenLabs agent's Security settings, enable “Enable authentication”.",
      );
}

function privacyFindings(agent: Agent): Finding[] {
  const privacy = agent.platformSettings?.privacy;
  const fix =
    "In the ElevenLabs agent's Advanced settings, under Privacy, turn on “Store call audio” and turn off “Zero-PII retention mode”.";
  if (privacy?.zeroRetentionMode)
    return [
      warning(
        'call audio',
        'zero retention mode is on: no transcript or recording is kept for the family',
        fix,
      ),
    ];
  return [
    privacy?.recordVoice === false
      ? warning('call audio', 'audio saving is off: families could not hear or buy their recording', fix)
      : ok('call audio', 'saved'),
  ];
}

/** The agent's own post-call webhook, else the workspace's (Agents Platform settings). */
async function postCallWebhookSettings(
  client: ElevenLabsClient,
  agent: Agent,
): Promise<ElevenLabs.ConvAiWebhooks | undefined> {
  const own = agent.platformSettings?.workspaceOverrides?.webhooks;
  if (own?.postCallWebhookId) return own;
  return (await client.conversationalAi.settings.get(ASK)).webhooks;
}

async function webhookFindings(
  client: ElevenLabsClient,
  agent: Agent,
  context: DiagnosisContext,
): Promise<Finding[]> {
  const url = `${context.publicUrl}${POST_CALL_PATH}`;
  const add =
    `In ElevenLabs → Agents → Settings, add a post-call webhook to ${url} (HMAC, its secret in ` +
    'ELEVENLABS_WEBHOOK_SECRET) sending transcript, audio and call initiation failure events.';
  let settings: ElevenLabs.ConvAiWebhooks | undefined;
  let webhook: ElevenLabs.WorkspaceWebhookResponseModel | undefined;
  try {
    settings = await postCallWebhookSettings(client, agent);
    const id = settings?.postCallWebhookId;
    if (!id)
      return [
        warning(
          'post-call webhook',
          'none: transcripts and recordings arrive only when a parent syncs, and minutes settle late',
          add,
        ),
      ];
    webhook = (await client.webhooks.list({}, ASK)).webhooks.find((hook) => hook.webhookId === id);
  } catch (error) {
    // Restricted keys may read the agent but not the workspace: the calls still work.
    return [{ ...unreachable('post-call webhook', error, add), severity: 'warning' }];
  }
  if (!webhook) return [warning('post-call webhook', 'its webhook no longer exists', add)];
  if (webhook.webhookUrl !== url)
    return [warning('post-call webhook', `posts to ${webhook.webhookUrl}, not ${url}`, add)];
  if (webhook.isDisabled || webhook.isAutoDisabled)
    return [
      warning(
        'post-call webhook',
        webhook.isAutoDisabled ? 'disabled by ElevenLabs after repeated failures' : 'disabled',
        `In ElevenLabs → Developers → Webhooks, enable the webhook to ${url} (and check the app answers it).`,
      ),
    ];
  const events = new Set<string>(
    settings?.events ?? ['transcript', ...(settings?.sendAudio ? ['audio'] : [])],
  );
  const missing = ['transcript', 'audio', 'call_initiation_failure'].filter((event) => !events.has(event));
  if (missing.length > 0)
    return [
      warning(
        'post-call webhook',
        `${url} does not receive ${missing.join(', ')} events`,
        `In ElevenLabs → Agents → Settings, tick the ${missing.join(', ')} events of the post-call webhook.`,
      ),
    ];
  return [ok('post-call webhook', `${url}: transcript, audio and call initiation failure`)];
}

/**
 * Is the ElevenLabs agent set up for calls handed over by register-call? Never throws: a vendor
 * that cannot be asked is itself a finding.
 */
export async function diagnoseElevenLabs(
  client: ElevenLabsClient,
  agentId: string,
  context: DiagnosisContext,
): Promise<Finding[]> {
  let agent: Agent;
  try {
    agent = await client.conversationalAi.agents.get(agentId, {}, ASK);
  } catch (error) {
    return [agentUnreadable(agentId, error)];
  }
  return [
    ok('agent', `${agent.name} (${agent.agentId})`),
    ...audioFindings(agent),
    ...overrideFindings(agent),
    ...languageFindings(agent),
    authFinding(agent),
    ...privacyFindings(agent),
    ...(await webhookFindings(client, agent, context)),
  ];
}
