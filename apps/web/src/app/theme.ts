import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Card: { defaultProps: { withBorder: true, shadow: 'xs' } },
    Paper: { defaultProps: { withBorder: true } },
    Modal: { defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.4, blur: 2 } } },
  },
});
