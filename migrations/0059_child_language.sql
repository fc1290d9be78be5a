-- The language Santa speaks with each child (decision 0036): the call's prompt, first message and
-- fixed rules are in it, and the voice agent is told to speak it.
alter table kid_profiles
  add column language text not null default 'en' check (language in ('en', 'es', 'fr', 'de', 'it', 'pt'));
alter table children
  add column language text not null default 'en' check (language in ('en', 'es', 'fr', 'de', 'it', 'pt'));
