create table things (id bigserial primary key, name text not null);
