-- A renewal credits the period's minutes once per invoice: Stripe can deliver the same invoice
-- under a new event id (a retried or re-sent event), and idempotency per event id let such a
-- delivery reset minutes_used a second time.
create table renewal_invoices (
  invoice_id text primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index renewal_invoices_user_idx on renewal_invoices (user_id);
