-- A post_call_audio event can come before the transcription that says whose call it is, so its
-- recording is stored first and attached later. Each such recording is noted here; a recording
-- whose call never arrives (no account matched, or the account was deleted meanwhile) is deleted
-- by a background job instead of staying on disk with nothing pointing to it.
create table early_recordings (
  conversation_id text primary key,
  audio_key text not null,
  received_at timestamptz not null default now()
);
