import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API serves this build at `/` (same origin), so every call goes to `/api`.
// In development `vite` proxies `/api` to an API started with `npm start` (port 3000).
export default defineConfig({
  plugins: [react()],
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // react-admin and MUI make one ~1.2 MB chunk (~370 kB gzipped); splitting it buys little here.
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/tracker.js': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
