-- The voice-agent sandbox keeps what ElevenLabs would keep on its own servers; in production that
-- work is ElevenLabs', not our database's. Writing it to the WAL doubled the cost of storing each
-- registered call (its rendered prompt is about 2.4 KB) on the database that also takes the
-- reservations. Unlogged, the table survives clean restarts and is emptied only after a database
-- crash; by then every finished call has already reached the calls table through the post-call
-- webhooks, so what is lost is the sandbox's own history, never a parent's call.
alter table sandbox_voice_conversations set unlogged;
