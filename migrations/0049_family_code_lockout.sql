-- The family code is four digits: without a limit a caller could try them all in minutes. Wrong
-- codes are counted per family (whoever calls) in a 15-minute window; the fifth locks the code for
-- 15 minutes, during which even the right code is refused, and the parent is told by email.
alter table line_settings
  add column code_failures integer not null default 0,
  add column code_failures_since timestamptz,
  add column code_locked_until timestamptz;
