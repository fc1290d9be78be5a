-- "Things Santa should not mention": the parent's short list, rendered into the fixed part of
-- Santa's prompt and handed to the call's safety read (shared/src/santa.ts bounds it).
alter table kid_profiles add column avoid_topics text[] not null default '{}';
