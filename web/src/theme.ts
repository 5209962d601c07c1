import { createTheme, PasswordInput } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    PasswordInput: PasswordInput.extend({
      defaultProps: {
        // Mantine's default name, 'Toggle password visibility', makes "the field labelled
        // Password" ambiguous for people using a screen reader's label search (and for tests).
        visibilityToggleButtonProps: { 'aria-label': 'Show or hide the characters' },
      },
    }),
  },
});
