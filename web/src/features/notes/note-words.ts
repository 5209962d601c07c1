/**
 * The two ways a screen shows notes. `pager` is the legacy support page's panel (core spec §2:
 * one note at a time, n / total, click a note to edit it); `list` is Support Plus's side bar
 * (seed 001 §2: every note, an Edit button on each). Their words differ because the
 * specifications word them differently, and staff know each screen by them.
 */
export type NotesLayout = 'pager' | 'list';

export interface NoteWords {
  /** The new note's submit button. */
  add: string;
  /** The label of the textarea that changes a note. */
  change: string;
  save: string;
  cancel: string;
}

export const NOTE_WORDS: Record<NotesLayout, NoteWords> = {
  pager: { add: 'Save', change: 'Edit note', save: 'Update', cancel: 'cancel' },
  list: { add: 'Add note', change: 'Change note', save: 'Save note', cancel: 'Cancel' },
};
