import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * Text on light tints (light badges, the current item of a list, a subtle button under the pointer)
 * and of outlined badges and buttons darkened to 4.5:1 or more, as WCAG AA asks of small text;
 * Mantine's own shade reaches only 2.7:1 to 4.3:1 on a tint (4.0:1 for a subtle button hovered),
 * and 2.2:1 (yellow) to 4.5:1 on white for an outline. An outline keeps its border in the colour's
 * own shade.
 */
const darkened = new Set(['light', 'outline', 'subtle']);

const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  if (!darkened.has(input.variant)) return resolved;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return resolved;
  return { ...resolved, color: `color-mix(in srgb, var(--mantine-color-${parsed.color}-9) 70%, black)` };
};

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 carries white text at 4.5:1; the default 6 does not.
  primaryShade: 8,
  // Filled light colours (yellow, orange) get dark text instead of white.
  autoContrast: true,
  variantColorResolver,
  defaultRadius: 'md',
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Card: { defaultProps: { withBorder: true, shadow: 'xs' } },
    Paper: { defaultProps: { withBorder: true } },
    // Close buttons show only a cross: their name says what they do.
    Modal: {
      defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.4, blur: 2 }, closeButtonProps: { 'aria-label': 'Close' } },
    },
    // Mantine's focus placeholder is an element a menu may not hold; the first item takes the focus instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Alert: { defaultProps: { closeButtonLabel: 'Close' } },
    // A list's options are rendered only while it is open: Mantine keeps every closed list mounted,
    // hidden and placed on the page, 167 options on the editor's first view and a thousand in a list
    // of a big scenario's tests, rendered again on every change.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/** Secondary text and fields' error messages at 4.5:1 or more on white and on the light grey of the page's background. */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: { '--mantine-color-dimmed': current.colors.gray[7], '--mantine-color-error': current.colors.red[9] },
  dark: {},
});
