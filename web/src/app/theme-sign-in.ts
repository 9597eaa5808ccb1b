import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
// '#chakra-theme/…' is Chakra's own theme folder (dist/esm/theme, aliased in vite.config.ts and
// web/tsconfig.json): its entry '@chakra-ui/react/theme' imports every recipe, so importing the
// tokens from there would bring all ~90 recipes (about 20 kB gzip) into the sign-in screen.
// The parts below are what that entry assembles into Chakra's default theme (3.37.0, pinned;
// chakra-theme-internals.test.ts fails when Chakra moves or changes them).
import { breakpoints } from '#chakra-theme/breakpoints.js';
import { globalCss } from '#chakra-theme/global-css.js';
import { layerStyles } from '#chakra-theme/layer-styles.js';
import { animationStyles } from '#chakra-theme/motion-styles.js';
import { textStyles } from '#chakra-theme/text-styles.js';
import { semanticColors } from '#chakra-theme/semantic-tokens/colors.js';
import { semanticRadii } from '#chakra-theme/semantic-tokens/radii.js';
import { semanticShadows } from '#chakra-theme/semantic-tokens/shadows.js';
import { animations } from '#chakra-theme/tokens/animations.js';
import { aspectRatios } from '#chakra-theme/tokens/aspect-ratios.js';
import { blurs } from '#chakra-theme/tokens/blurs.js';
import { borders } from '#chakra-theme/tokens/borders.js';
import { colors } from '#chakra-theme/tokens/colors.js';
import { cursor } from '#chakra-theme/tokens/cursor.js';
import { durations } from '#chakra-theme/tokens/durations.js';
import { easings } from '#chakra-theme/tokens/easings.js';
import { fontSizes } from '#chakra-theme/tokens/font-sizes.js';
import { fontWeights } from '#chakra-theme/tokens/font-weights.js';
import { fonts } from '#chakra-theme/tokens/fonts.js';
import { keyframes } from '#chakra-theme/tokens/keyframes.js';
import { letterSpacings } from '#chakra-theme/tokens/letter-spacing.js';
import { lineHeights } from '#chakra-theme/tokens/line-heights.js';
import { radii } from '#chakra-theme/tokens/radius.js';
import { sizes } from '#chakra-theme/tokens/sizes.js';
import { spacing } from '#chakra-theme/tokens/spacing.js';
import { zIndices } from '#chakra-theme/tokens/z-indices.js';
import { alertSlotRecipe } from '#chakra-theme/recipes/alert.js';
import { buttonRecipe } from '#chakra-theme/recipes/button.js';
import { fieldSlotRecipe } from '#chakra-theme/recipes/field.js';
import { headingRecipe } from '#chakra-theme/recipes/heading.js';
import { inputRecipe } from '#chakra-theme/recipes/input.js';
import { separatorRecipe } from '#chakra-theme/recipes/separator.js';
import { spinnerRecipe } from '#chakra-theme/recipes/spinner.js';
import { consoleThemeConfig } from './theme-config';

/**
 * The system of the screens before the console shell (sign-in, the loading page, the route error):
 * Chakra's default theme — the same tokens, global CSS and preflight, hence the same classes and
 * CSS variables — with only the recipes those screens use. The full system (theme.ts) comes with
 * the console shell (theme-store.ts). theme-sign-in.test.ts checks both agree.
 */
const signInThemeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      aspectRatios,
      animations,
      blurs,
      borders,
      colors,
      durations,
      easings,
      fonts,
      fontSizes,
      fontWeights,
      letterSpacings,
      lineHeights,
      radii,
      spacing,
      sizes,
      zIndex: zIndices,
      cursor,
    },
    semanticTokens: { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii },
    recipes: { button: buttonRecipe, heading: headingRecipe, input: inputRecipe, separator: separatorRecipe, spinner: spinnerRecipe },
    slotRecipes: { alert: alertSlotRecipe, field: fieldSlotRecipe },
    textStyles,
    layerStyles,
    animationStyles,
  },
});

/** The recipes the sign-in system has; the rest wait for the full system. */
export const SIGN_IN_RECIPES = ['button', 'heading', 'input', 'separator', 'spinner', 'alert', 'field'];

export const signInSystem = createSystem(defaultBaseConfig, signInThemeConfig, consoleThemeConfig);
