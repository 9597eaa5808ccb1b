import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: {
    // `vite` dev server in front of the emulators: same /api rewrite as Hosting.
    proxy: { '/api': { target: 'http://127.0.0.1:5000', changeOrigin: false } },
  },
});
