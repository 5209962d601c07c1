import { Textarea, type TextareaProps } from '@mantine/core';
import { bound } from './bound.ts';

type TextBoxProps = Omit<TextareaProps, 'value' | 'onChange'> & {
  /** The fewest and most rows it grows between. */
  grow: [number, number];
  /** The text and its setter. */
  state: [string, (value: string) => void];
};

/** A growing multi-line text box bound to one string state. */
export function TextBox({ grow: [minRows, maxRows], state: [value, set], ...rest }: TextBoxProps) {
  return <Textarea autosize minRows={minRows} maxRows={maxRows} {...bound(value, set)} {...rest} />;
}
