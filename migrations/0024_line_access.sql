-- Who may reach Santa on a family's line: only the family's verified phones (the default), any
-- phone that types the family's 4-digit code, or anyone. The code is also asked of a hotline caller
-- whose caller ID the network did not attest (StirVerstat), since a caller ID can be forged. It is
-- shown to the parent, so it is kept as typed: four digits are no secret worth hashing.
create table line_settings (
  user_id uuid primary key references users (id) on delete cascade,
  access text not null default 'family_phones' check (access in ('family_phones', 'code', 'anyone')),
  family_code text not null check (family_code ~ '^[0-9]{4}$'),
  updated_at timestamptz not null default now()
);
