-- "Forgot password" does the same work for every address, known or not: the request is written
-- here and a job looks the address up later, so the answer's timing says nothing about who has an
-- account. The job deletes the row as it handles it.
create table password_reset_requests (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  requested_at timestamptz not null default now()
);
