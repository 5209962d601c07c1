create table staff_users (
  id bigserial primary key,
  name text not null,
  email text not null,
  password_hash text not null,
  roles text not null default '',
  active boolean not null default true,
  require_one_time_code boolean not null default true,
  last_login timestamptz,
  created timestamptz not null default now(),
  updated timestamptz not null default now(),
  -- the code lower-cases before it writes; the check makes a forgotten call fail loudly
  constraint staff_users_email_lower check (email = lower(email))
);
create unique index staff_users_email_key on staff_users (email);
