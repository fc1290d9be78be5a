-- Several children per family (decision 0024). The first child stays in kid_profiles, which the
-- existing profile API reads and writes; the others (at most five more, counted by the service
-- under the profile's row lock) live here. Each child's fields live in exactly one row.
create table children (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  -- The order the parent added them in, after the first child (position 0 is kid_profiles).
  position smallint not null check (position between 1 and 5),
  kid_name text not null,
  age smallint,
  gifts_giving text,
  wish_list text,
  accomplishments text,
  behavior_notes text,
  custom_notes text,
  santa_personality text not null default 'traditional',
  avoid_topics text[] not null default '{}',
  name_pronunciation text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index children_user_idx on children (user_id, position);

-- The first child's own id, so calls and the usual caller name every child the same way.
alter table kid_profiles add column first_child_id uuid not null default gen_random_uuid();
alter table kid_profiles add constraint kid_profiles_first_child_id_key unique (first_child_id);
-- Who usually calls from the family's phones: Santa greets them by name. Null: nobody set.
alter table kid_profiles add column usual_caller_child_id uuid;

-- The child who spoke on the call: kid_profiles.first_child_id or children.id, so no foreign key;
-- removing a child clears it on their calls in the same transaction (the children service).
alter table calls add column child_id uuid;
create index calls_user_child_idx on calls (user_id, child_id);
-- Until now every call was the one child's.
update calls c set child_id = k.first_child_id from kid_profiles k where k.user_id = c.user_id;
