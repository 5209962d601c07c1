import type { ChangeEvent } from 'react';

/** `value` and `onChange` of a text input or textarea bound to one string state. */
export function bound(value: string, set: (value: string) => void) {
  return {
    value,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(e.currentTarget.value),
  };
}

/** `value` and `onChange` of a NumberInput bound to one number (an empty or bad entry: `fallback`). */
export function boundNumber(value: number, set: (value: number) => void, fallback: number) {
  return { value, onChange: (v: string | number) => set(Number(v) || fallback) };
}
