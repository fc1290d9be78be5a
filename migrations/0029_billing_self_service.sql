-- Coupons may have a last day: an expired code is refused at the pricing page's preview and at
-- checkout, like a used one. Existing coupons never expire.
alter table coupons add column expires_at timestamptz;

-- The Stripe sandbox's customer portal: its sessions (which customer, where "Return" goes), the
-- invoices it lists, and the card the customer keeps on file.
create table sandbox_stripe_invoices (
  id text primary key,
  customer text not null,
  object jsonb not null,
  created_at timestamptz not null default now()
);
create index sandbox_stripe_invoices_customer on sandbox_stripe_invoices (customer, created_at);

create table sandbox_stripe_portal_sessions (
  id text primary key,
  customer text not null,
  return_url text not null,
  created_at timestamptz not null default now()
);

alter table sandbox_stripe_customers add column default_payment_method jsonb;
