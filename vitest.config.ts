import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Chakra's theme folder, as web/vite.config.ts aliases it (web/src/app/theme-sign-in.ts).
const chakraTheme = { find: /^#chakra-theme\//, replacement: `${fileURLToPath(new URL('node_modules/@chakra-ui/react/dist/esm/theme', import.meta.url))}/` };

// Two kinds of tests: `unit` runs alone; `emulator` needs the stack that scripts/test.mjs starts
// (Firestore rules, the HTTP API through Hosting, and the browser tests in e2e/).
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: [chakraTheme] },
        test: {
          name: 'unit',
          include: [
            'shared/src/**/*.test.ts',
            'functions/src/**/*.test.ts',
            'sandboxes/src/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.mjs',
            'bench/**/*.test.mjs',
          ],
          exclude: ['**/*.emulator.test.ts', '**/node_modules/**'],
          // Vitest's 5 s was met by CPU-bound files (the seed rebuilt from scripts/seed, the WhatsApp
          // client's fault runs) at a load of 30 on two cores; a hung test still fails in 20 s.
          testTimeout: 20_000,
          // The files share their workers' module cache instead of each loading its imports afresh
          // (firebase-admin, zod schemas, React): 219 s → 91 s for the unit phase on two cores,
          // most of it spent loading modules. A test must therefore not depend on being the first
          // to load a module (functions/src/lib/logs.test.ts spies on the logger's `write`).
          isolate: false,
        },
      },
      {
        test: {
          name: 'emulator',
          include: ['**/*.emulator.test.ts', 'e2e/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.stack.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One stack is shared by every file: run them one at a time so data set up by one
          // file is not changed under another.
          fileParallelism: false,
        },
      },
      {
        // Tests that start and stop stacks of their own: run after the shared stack is gone.
        test: {
          name: 'stack',
          include: ['**/*.stack.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
