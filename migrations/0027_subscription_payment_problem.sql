-- A renewal Stripe could not charge (invoice.payment_failed): when, and the invoice page where the
-- parent can pay it with another card. Cleared when a payment goes through or a new plan starts.
alter table subscriptions add column payment_failed_at timestamptz, add column payment_update_url text;
