import { NotesList } from './NotesList.tsx';
import { NotesPager } from './NotesPager.tsx';
import type { NotesLayout } from './note-words.ts';

/** A customer's support notes, as the screen's specification lays them out (see note-words.ts). */
export function NotesPanel({ customerId, layout }: { customerId: string; layout: NotesLayout }) {
  return layout === 'pager' ? <NotesPager customerId={customerId} /> : <NotesList customerId={customerId} />;
}
