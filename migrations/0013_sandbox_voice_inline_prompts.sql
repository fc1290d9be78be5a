-- A registered call's row is about 3 KB, mostly its rendered prompt. Above about 2 KB Postgres
-- compresses a row's long values with pglz and moves them to the TOAST table; measured with
-- npm run bench, that compression was a tenth of the database's time per answered call, spent on
-- a stand-in for ElevenLabs' storage. Rows up to a whole page now stay inline and uncompressed;
-- longer ones (a very long admin script, a call's audio) are compressed and moved out as before.
alter table sandbox_voice_conversations set (toast_tuple_target = 8160);
