-- Accounts left alone for two years are deleted after a warning (docs/decisions/0015): when each
-- account was last used (a sign-in, or a session in use) and when the warning went. A warning
-- counts only while it is later than the last use, so signing in after it cancels the deletion.
alter table users add column last_active_at timestamptz;
update users u set last_active_at = greatest(
  u.created_at,
  (select max(s.last_seen_at) from sessions s where s.user_id = u.id)
);
alter table users alter column last_active_at set default now();
alter table users alter column last_active_at set not null;
alter table users add column inactivity_warned_at timestamptz;
create index users_last_active_idx on users (last_active_at);
