import { createTheme, DEFAULT_THEME, Notification, PasswordInput } from '@mantine/core';
import { ACCESSIBLE_COLORS, DARK_SHADES } from './theme-palette.ts';

export const theme = createTheme({
  // Mantine's colours darkened where text or fills need it, to pass WCAG AA contrast on white; the
  // dark scheme's (it follows the system: router.tsx, defaultColorScheme 'auto') with its dimmed
  // text lightened to pass on dark surfaces.
  colors: { ...ACCESSIBLE_COLORS, dark: DARK_SHADES },
  primaryColor: 'teal',
  defaultRadius: 'sm',
  // One h1 per screen (its title), sections below it in order: each level is drawn the size of
  // the level below it in Mantine's scale, so a screen's h1 looks as its h2 title looked before.
  headings: {
    sizes: {
      h1: DEFAULT_THEME.headings.sizes.h2,
      h2: DEFAULT_THEME.headings.sizes.h3,
      h3: DEFAULT_THEME.headings.sizes.h4,
      h4: DEFAULT_THEME.headings.sizes.h5,
      h5: DEFAULT_THEME.headings.sizes.h6,
    },
  },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // Mantine's close button on a notification has no name; a screen reader would say just "button".
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    PasswordInput: PasswordInput.extend({
      defaultProps: {
        // Mantine's default name, 'Toggle password visibility', makes "the field labelled
        // Password" ambiguous for people using a screen reader's label search (and for tests).
        visibilityToggleButtonProps: { 'aria-label': 'Show or hide the characters' },
      },
    }),
  },
});
