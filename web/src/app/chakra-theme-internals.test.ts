import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as publicTheme from '@chakra-ui/react/theme';
import { breakpoints } from '#chakra-theme/breakpoints.js';
import { globalCss } from '#chakra-theme/global-css.js';
import { colors } from '#chakra-theme/tokens/colors.js';
import { buttonRecipe } from '#chakra-theme/recipes/button.js';
import { fieldSlotRecipe } from '#chakra-theme/recipes/field.js';

// theme-sign-in.ts reads Chakra's theme folder (dist/esm/theme, the '#chakra-theme/' alias of
// vite.config.ts, vitest.config.ts and web/tsconfig.json) rather than its public entry
// '@chakra-ui/react/theme', which builds the whole default theme (every recipe) when loaded and so
// would put all of them in the sign-in screen's JavaScript: Chakra offers no public per-part entry.
// This pins that internal: the version is the pinned one, and the folder's parts are the very
// objects the public entry exports. When Chakra moves or changes them, this fails.
describe("Chakra's theme folder, as the sign-in theme reads it", () => {
  it('is the pinned version’s', () => {
    const installed = JSON.parse(readFileSync(new URL('../../../node_modules/@chakra-ui/react/package.json', import.meta.url), 'utf8')) as { version: string };
    const pinned = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> }).dependencies[
      '@chakra-ui/react'
    ];
    expect(installed.version).toBe(pinned);
  });

  it('holds the objects the public theme entry exports', () => {
    expect(breakpoints).toBe(publicTheme.breakpoints);
    expect(globalCss).toBe(publicTheme.globalCss);
    expect(colors).toBe(publicTheme.tokens.colors);
    expect(buttonRecipe).toBe(publicTheme.buttonRecipe);
    expect(fieldSlotRecipe).toBe(publicTheme.fieldSlotRecipe);
  });
});
