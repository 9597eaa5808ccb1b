import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // 'hidden': maps are written without a sourceMappingURL comment; scripts/build.mjs moves them out
  // of the folder Hosting serves and deploys (kept in .cache/sourcemaps/ for reading stack traces).
  build: { outDir: 'dist', sourcemap: 'hidden', chunkSizeWarningLimit: 1500 },
  server: {
    // `vite` dev server in front of the emulators: same /api rewrite as Hosting.
    proxy: { '/api': { target: 'http://127.0.0.1:5000', changeOrigin: false } },
  },
});
