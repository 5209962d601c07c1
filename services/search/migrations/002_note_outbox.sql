-- Automatic notes of account edits, written in the edit's own transaction and delivered to
-- Mongo after it commits: an edit never goes without its note, even if Mongo is away.
create table search_note_outbox (
  note_id text primary key,
  doc jsonb not null,
  created timestamptz not null default now(),
  delivered timestamptz
);
create index search_note_outbox_pending on search_note_outbox (created) where delivered is null;
