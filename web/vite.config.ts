import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const CHAKRA_THEME = fileURLToPath(new URL('../node_modules/@chakra-ui/react/dist/esm/theme', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    // Chakra's theme folder, for the sign-in system's deep imports (src/app/theme-sign-in.ts says why).
    alias: [{ find: /^#chakra-theme\//, replacement: `${CHAKRA_THEME}/` }],
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
  },
  server: {
    // `vite` dev server in front of the emulators: same /api rewrite as Hosting.
    proxy: { '/api': { target: 'http://127.0.0.1:5000', changeOrigin: false } },
  },
});
