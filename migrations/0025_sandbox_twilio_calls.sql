-- Twilio's Call resources for the calls the sandbox phone places. Twilio keeps a call's record
-- whatever happens to our server, so the sandbox keeps it in the database, not in process memory:
-- after a crash or a restart the deadline sweeper can still ask how a call ended and bill by it.
-- Unlogged like the other sandbox tables (0012): it is the stand-in's state, never a parent's.
create unlogged table sandbox_twilio_calls (
  call_sid text primary key,
  status text not null,
  duration_seconds integer,
  created_at timestamptz not null default now()
);
