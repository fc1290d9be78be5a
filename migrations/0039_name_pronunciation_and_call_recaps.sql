-- "How do you say it?": the child's name spelled as it sounds, handed to the voice agent as a
-- pronunciation hint (shared/src/santa.ts bounds it).
alter table kid_profiles add column name_pronunciation text;

-- "What the child told Santa": wishes, news, questions and promises in the child's own words,
-- written by the call-summary job beside the summary (shared/src/recap.ts validates it).
alter table calls add column recap jsonb;
