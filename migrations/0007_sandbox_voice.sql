-- The voice-agent sandbox's own account state: the conversations ElevenLabs would keep, so the
-- conversations API (list, get, audio, delete) answers alike across requests and replicas.
-- Only the sandbox engine and the phone simulator touch this table; with real keys it stays empty.
create table sandbox_voice_conversations (
  conversation_id text primary key,
  call_sid text not null unique,
  from_number text not null,
  to_number text not null,
  prompt text not null,
  first_message text not null,
  dynamic_variables jsonb not null default '{}',
  status text not null default 'in-progress'
    check (status in ('initiated', 'in-progress', 'processing', 'done', 'failed')),
  -- [{ role: 'agent' | 'user', message, time_in_call_secs }]
  transcript jsonb not null default '[]',
  summary text,
  started_at timestamptz not null default now(),
  -- When the simulator must have hung up at the latest (allowed minutes from the dynamic variables).
  deadline_at timestamptz,
  ended_at timestamptz,
  duration_seconds integer not null default 0 check (duration_seconds >= 0),
  audio bytea
);
create index sandbox_voice_conversations_started_idx on sandbox_voice_conversations (started_at desc, conversation_id desc);
