-- Each replica remembers the parent sessions it looked up (docs/decisions/0004). A session ended,
-- or an account changed, is told to every replica on the `session_revoked` channel when its
-- transaction commits, whichever code path made the change: a logout, a device signed out, an
-- account deleted (its sessions cascade), an email proven, a Google account linked. Expired
-- sessions are never remembered, so removing them tells no one.
create function notify_session_revoked() returns trigger
language plpgsql
as $$
begin
  perform pg_notify('session_revoked', 'token:' || old.token_hash);
  return null;
end
$$;

create trigger sessions_revoked
after delete on sessions
for each row when (old.expires_at > now())
execute function notify_session_revoked();

-- Only what a remembered session carries (the signed-in user's own details).
create function notify_account_changed() returns trigger
language plpgsql
as $$
begin
  perform pg_notify('session_revoked', 'user:' || new.id::text);
  return null;
end
$$;

create trigger users_changed
after update of email, name, picture, google_id, role, email_verified_at, password_hash on users
for each row
when (
  (old.email, old.name, old.picture, old.google_id, old.role, old.email_verified_at, old.password_hash)
  is distinct from
  (new.email, new.name, new.picture, new.google_id, new.role, new.email_verified_at, new.password_hash)
)
execute function notify_account_changed();
