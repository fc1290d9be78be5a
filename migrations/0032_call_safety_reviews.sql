-- The safety read of each finished call (modules/call-safety): whether it was flagged, why (reason
-- codes) and which transcript lines, never a copy of the words. Goes with the call.
create table call_safety_reviews (
  call_id uuid primary key references calls (id) on delete cascade,
  flagged boolean not null,
  -- [{"reason": "child_personal_details", "lines": [4, 6]}], reasons from shared/src/safety.ts.
  findings jsonb not null default '[]',
  -- What read it: 'rules' always, 'openai_moderation' when OpenAI answered.
  checks text[] not null,
  reviewed_at timestamptz not null default now()
);

create index call_safety_reviews_flagged_idx on call_safety_reviews (reviewed_at) where flagged;
