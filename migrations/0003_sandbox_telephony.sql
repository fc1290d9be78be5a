-- The Twilio sandbox's own account state: numbers bought from the fictional 555-01xx range.
-- Only the sandbox provider touches this table; with real Twilio keys it stays empty.
create table sandbox_twilio_numbers (
  phone_number text primary key,
  sid text not null unique,
  voice_url text not null,
  status_callback_url text not null,
  friendly_name text not null,
  purchased_at timestamptz not null default now()
);
