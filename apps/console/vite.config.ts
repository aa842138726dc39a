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
    // react-admin + MUI are one large vendor chunk; pages are split with React.lazy.
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
