/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// The API and the issuer live on the server; in development the pages come from Vite and the rest is proxied.
const server = process.env['RESIM_SERVER_URL'] ?? 'http://localhost:8080';
const proxied = ['/admin', '/config.json', '/client-log', '/oidc', '/.well-known', '/interaction', '/learn', '/scores', '/templates'];

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React changes less often than the console, so its own chunk stays cached across releases. Only
        // libraries every page needs go in such a group, or pages would load code they never use.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
          // A page's first view in a few files, not some 60: the small chunks that pages share are copied
          // into each page's file, and rolldown's runtime keeps one instance of each module across copies.
          // A chunk with styles stays a file (Vite emits a stylesheet per chunk listing it), and so does
          // the floating layer every menu, select and tooltip uses, downloaded once.
          experimentalInlineCommonChunks: { maxSize: Infinity, exclude: [/\.css(\?|$)/, /node_modules[\\/]@floating-ui[\\/]/] },
        },
      },
    },
  },
  server: {
    // ws: the player's live socket is under /learn.
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: server, changeOrigin: false, ws: true }])),
  },
  test: {
    setupFiles: [here('src/test/setup.ts')],
  },
});
