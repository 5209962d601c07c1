import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/call.ts';
import { noteKeys } from './queries.ts';

/** A longer note is refused here before the server would (core spec §2, seed 001 §2). */
export const NOTE_MAX = 5000;

/** Adds a note to the customer; `onSaved` runs before the list refreshes. */
export function useAddNote(customerId: string, onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notes: string) => call('search.saveNote', { body: { customerId, notes } }),
    onSuccess: () => {
      onSaved();
      return queryClient.invalidateQueries({ queryKey: noteKeys.notes(customerId) });
    },
  });
}

/**
 * Changes one note. The server refuses other staff's notes and notes older than an hour with its
 * own words, which the editor shows as they come.
 */
export function useChangeNote(customerId: string, noteId: string, onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notes: string) => call('search.updateNote', { body: { id: noteId, notes } }),
    onSuccess: () => {
      onSaved();
      return queryClient.invalidateQueries({ queryKey: noteKeys.notes(customerId) });
    },
  });
}
