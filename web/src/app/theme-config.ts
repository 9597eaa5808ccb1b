import { defineConfig } from '@chakra-ui/react';

const fontStack = `Inter, 'Segoe UI', Roboto, system-ui, -apple-system, sans-serif`;

/** The console's own theme, on top of Chakra's: used by the full system and the sign-in system alike. */
export const consoleThemeConfig = defineConfig({
  globalCss: {
    'html, body, #root': { height: '100%', margin: 0 },
    body: { bg: 'gray.50', color: 'gray.900' },
    // A ring for whatever the keyboard reaches that draws none of its own (a heading given the
    // focus, a third-party widget); zero specificity, so every component's own ring wins.
    ':where(:focus-visible)': { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: fontStack },
        body: { value: fontStack },
        mono: { value: `'JetBrains Mono', 'SFMono-Regular', Menlo, Consolas, monospace` },
      },
    },
    semanticTokens: {
      colors: {
        // The highlight of the selected entry and the active menu link.
        selected: { value: '{colors.blue.100}' },
        panel: { value: '{colors.white}' },
      },
    },
  },
});
