-- Pay-per-call deletes the call's conversation at the voice provider once the call is stored.
-- Deleting it before the provider has sent the call's audio could stop that audio coming, so the
-- deletion waits for the audio, at most an hour, and a failed deletion is retried until the
-- provider confirms. One row per deletion still to do.
create table provider_conversation_deletions (
  conversation_id text primary key,
  due_at timestamptz not null
);
create index provider_conversation_deletions_due on provider_conversation_deletions (due_at);
