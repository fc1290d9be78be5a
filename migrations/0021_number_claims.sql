-- Buying a dedicated number is claimed here BEFORE Twilio is called: Stripe sends
-- checkout.session.completed, customer.subscription.created and invoice.paid together, and each
-- used to buy a number (two then released, their monthly fees lost). A claim older than a few
-- minutes belongs to a process that died mid-purchase and may be taken over.
create table number_claims (
  user_id uuid primary key references users (id) on delete cascade,
  claimed_at timestamptz not null default now()
);
