-- A parent sees their signed-in devices and can sign any of them out: each session gets a public
-- id (the token hash never leaves the server) and a short description of the device it came from.
alter table sessions add column id uuid not null default gen_random_uuid();
alter table sessions add column device text not null default '';
create unique index sessions_id_idx on sessions (id);
