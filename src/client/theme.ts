import { createTheme, type CSSVariablesResolver } from '@mantine/core'

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 in light mode: white on indigo.6 is 4.3:1, under WCAG AA's 4.5:1 (axe).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
})

/**
 * Mantine's dimmed text (gray.6 on white, 3.3:1; dark.2 on dark.7, 3.5:1) and its light
 * variants fail WCAG AA contrast; these keep secondary text readable in both schemes.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-anchor': t.colors.indigo[8],
    '--crm-nav-active': t.colors.indigo[9],
    // Form errors under their fields: Mantine's red.6 on white is 3.3:1.
    '--mantine-color-error': t.colors.red[9],
    // Up/down trends and order-status badge text, readable on their light backgrounds.
    '--crm-positive': '#237032',
    '--crm-negative': t.colors.red[9],
    '--crm-status-pending': t.colors.red[9],
    '--crm-status-out-for-delivery': '#7a4a00',
    '--crm-status-delivered': '#066649',
  },
  dark: {
    '--mantine-color-dimmed': t.colors.dark[1],
    '--mantine-color-anchor': t.colors.indigo[3],
    '--crm-nav-active': t.colors.indigo[2],
    // Mantine's red.8 on a dark dialog is 2.7:1.
    '--mantine-color-error': t.colors.red[4],
    '--crm-positive': t.colors.green[4],
    '--crm-negative': t.colors.red[4],
    '--crm-status-pending': t.colors.red[3],
    '--crm-status-out-for-delivery': t.colors.yellow[3],
    '--crm-status-delivered': t.colors.teal[3],
  },
})
