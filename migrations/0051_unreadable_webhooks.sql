-- A signed webhook whose payload we cannot read (a shape or value our schema refuses) is answered
-- 200, so the provider does not retry it for days, and kept here for someone to look at. Only the
-- event's id, type and the reason are kept: payloads can carry what a child said.
create table unreadable_webhooks (
  id uuid primary key default gen_random_uuid(),
  provider text not null check (provider in ('stripe', 'elevenlabs')),
  event_id text,
  event_type text,
  reason text not null,
  received_at timestamptz not null default now()
);
