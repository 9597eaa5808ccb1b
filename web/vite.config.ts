import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const CHAKRA_THEME = fileURLToPath(new URL('../node_modules/@chakra-ui/react/dist/esm/theme', import.meta.url));

/**
 * React Router's production build. Its package.json points every condition at dist/development
 * (remix-run/react-router#12532, #14102), whose dev warnings (ENABLE_DEV_WARNINGS = true) keep
 * their code and messages in the bundle; dist/production is the same code with them off.
 */
const REACT_ROUTER_PRODUCTION = fileURLToPath(new URL('../node_modules/react-router/dist/production/', import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias: [
      // Chakra's theme folder, for the sign-in system's deep imports (src/app/theme-sign-in.ts says why).
      { find: /^#chakra-theme\//, replacement: `${CHAKRA_THEME}/` },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: `${REACT_ROUTER_PRODUCTION}index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${REACT_ROUTER_PRODUCTION}dom-export.mjs` },
          ]
        : []),
    ],
  },
  // 'hidden': maps are written without a sourceMappingURL comment; scripts/build.mjs moves them out
  // of the folder Hosting serves and deploys (kept in .cache/sourcemaps/ for reading stack traces).
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 1500,
    // The sign-in path's size is measured from the manifest (`npm run bench -- bundle`);
    // scripts/build.mjs moves it out of the served folder with the source maps.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What index.html loads before anything paints (React, the router, Chakra's core, the
          // sign-in system and screen) in one chunk beside the entry, not a dozen small shared
          // chunks: each file is compressed alone, so many small files cost more gzip bytes (and
          // requests) than one. The console needs all of it too.
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    // `vite` dev server in front of the emulators: same /api rewrite as Hosting.
    proxy: { '/api': { target: 'http://127.0.0.1:5000', changeOrigin: false } },
  },
}));
