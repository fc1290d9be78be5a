-- The release before decision 0044's reserved a ringing call's seconds with reserve_calls_seconds
-- (0034); 0062's reserve_calls_seconds_on_free_lines replaced it and kept it only while that
-- release's replicas stopped. None runs now.
drop function reserve_calls_seconds(uuid[], text[], text[], jsonb, text[]);
