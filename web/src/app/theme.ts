import { createSystem, defaultConfig } from '@chakra-ui/react';
import { consoleThemeConfig } from './theme-config';

/**
 * The full system: every Chakra recipe. The app loads it with the console shell (theme-store.ts);
 * before that the sign-in system (theme-sign-in.ts) styles the sign-in screen with the same tokens.
 */
export const system = createSystem(defaultConfig, consoleThemeConfig);
