/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { isPlayerPath } from '../../packages/domain/src/faces.ts';
import { precompress } from './build/precompress.ts';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// The API and the issuer live on the server; in development the pages come from Vite and the rest is proxied.
const server = process.env['RESIM_SERVER_URL'] ?? 'http://localhost:8080';
const proxied = ['/admin', '/config.json', '/client-log', '/oidc', '/.well-known', '/interaction', '/learn', '/scores', '/templates'];

/** In development, as the server does: the player's addresses open the player's page. */
const playerPage = (): Plugin => ({
  name: 'resim-player-page',
  configureServer: (dev) => {
    dev.middlewares.use((request, _response, next) => {
      if (request.url && isPlayerPath(request.url) && (request.headers.accept ?? '').includes('text/html')) request.url = '/play.html';
      next();
    });
  },
});

export default defineConfig({
  plugins: [react(), precompress(), playerPage()],
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The console, and the player's page (/play/...), which a learner's phone opens without the console.
      input: { index: here('index.html'), play: here('play.html') },
      output: {
        // React changes less often than the console, so its own chunk stays cached across releases. Only
        // libraries every page needs go in such a group, or pages would load code they never use.
        codeSplitting: {
          // The router is the console's alone (the player routes with wouter), so it is a group apart from React's.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/ },
          ],
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
