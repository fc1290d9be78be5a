-- Santa's calls use asynchronous answering-machine detection: a child who answers hears Santa at
-- once, and the verdict comes later to its own callback; the sandbox's Call resource keeps where.
alter table sandbox_twilio_calls add column amd_callback_url text;
-- What a voicemail box was told (the sandbox phone shows it, as a real phone would record it).
alter table sandbox_twilio_calls add column voicemail_message text;
