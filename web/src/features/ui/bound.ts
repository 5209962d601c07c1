import type { ChangeEvent } from 'react';

/** `value` and `onChange` of a text input or textarea bound to one string state. */
export function bound(value: string, set: (value: string) => void) {
  return {
    value,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(e.currentTarget.value),
  };
}
