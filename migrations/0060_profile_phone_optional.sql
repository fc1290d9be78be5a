-- A family may talk to Santa only in the browser (decision 0040): the profile's phone is optional,
-- for families abroad or without a phone to prove. A phone, when given, is still proven by a code
-- before Santa recognises it (family_phones).
alter table kid_profiles alter column parent_phone drop not null;
