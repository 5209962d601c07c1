-- Password resets that staff send to Gen1 customers (seed 000 §7 resetPassword). Only the SHA-256
-- of the single-use token is kept: the token itself exists only in the customer's e-mail.
create table customer_password_resets (
  id bigserial primary key,
  user_id bigint not null,
  email text not null,
  token_hash text not null unique,
  requested_by text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index customer_password_resets_user on customer_password_resets (user_id, created_at desc);
