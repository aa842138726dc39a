import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The API serves this build at `/` (same origin), so every call goes to `/api`.
// In development `vite` proxies `/api` to an API started with `npm start` (port 3000).
export default defineConfig({
  plugins: [
    react(),
    // Beside every asset its brotli (quality 11) and gzip (level 9) file, made once at build time;
    // the API sends the one the browser accepts (express-static-gzip, apps/api/src/console-assets.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  base: '/',
  resolve: {
    // ra-input-rich-text's lockfile entry nests an older @tiptap/core and @tiptap/pm (3.31) beside
    // the root's 3.34 that its newer extensions need: one copy of each, or the build fails
    // (missing export isValidCSSStyleValue) and ProseMirror would be loaded twice.
    dedupe: ['@tiptap/core', '@tiptap/pm'],
  },
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
