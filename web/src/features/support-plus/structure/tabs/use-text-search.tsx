import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { bound } from '../../../../shared/ui/bound.ts';
import type { Row } from './tab-pages.ts';

/** The text filter's debounce (seed 001 §9). */
export const TEXT_DEBOUNCE_MS = 200;

/**
 * A tab's text search that asks the server: the input, and the typed text trimmed and debounced
 * as the `{ text }` part of the tab's body (empty when nothing is typed).
 */
export function useTextSearch(label: string, placeholder?: string): { field: ReactNode; body: Row } {
  const [typed, setTyped] = useState('');
  const [text] = useDebouncedValue(typed.trim(), TEXT_DEBOUNCE_MS);
  const field = <TextInput label={label} placeholder={placeholder} {...bound(typed, setTyped)} />;
  return { field, body: text ? { text } : {} };
}
