import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compileHints } from './scripts/compile-hints.ts';
import { precompress } from './scripts/precompress.ts';
import { routePreloadsPlugin } from './scripts/route-preloads.ts';
import { noChunkCycles, signedInCore } from './scripts/signed-in-chunks.ts';
import { themeInitAsset } from './scripts/theme-init.ts';
import { VitePWA } from 'vite-plugin-pwa';
import { pwa } from './src/shared/i18n/sv/pwa.ts';

// The light and dark page backgrounds of styles.css: the splash screen and title bar match the theme (decision 047).
const LIGHT = { theme: '#0f6b62', background: '#f9fbfb' };
const DARK = { theme: '#0c1514', background: '#0c1514' };

// The Swedish sections the shell, the session and the error texts read on every page; the others load with their page.
const STARTUP_SECTIONS = /\/src\/shared\/i18n\/sv\/(auth|errors|shell)\.ts$/;
const startupModule = (id: string) => !id.includes('/src/shared/i18n/sv/') || STARTUP_SECTIONS.test(id);
// Code at least half the signed-in pages share goes into one chunk: their first load fetched some sixty files over
// six connections (decision 080).
const SIGNED_IN_SHARE = 0.5;
// The web app's folder, where the route table's module paths start.
const WEB_ROOT = path.resolve(import.meta.dirname, 'src/web');

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    // Workbox through vite-plugin-pwa, our own worker (src/web/sw.ts) with the precache list injected (decision 047).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      registerType: 'prompt',
      // Registered by pwa/register.ts after the first render, not by an inline script the CSP would refuse.
      injectRegister: false,
      injectManifest: {
        // A classic script: every browser that has service workers runs it.
        rollupFormat: 'iife',
        // The app shell: every script, style and icon of the build, but not source maps.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/*.map'],
      },
      includeAssets: ['favicon.svg'],
      manifest: {
        id: '/app',
        name: pwa.manifest.name,
        short_name: pwa.manifest.shortName,
        description: pwa.manifest.description,
        lang: 'sv',
        dir: 'ltr',
        start_url: '/app',
        scope: '/',
        display: 'standalone',
        theme_color: LIGHT.theme,
        background_color: LIGHT.background,
        categories: ['finance', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // A photo shared from the phone's gallery arrives at the service worker (sw.ts), which opens "Lägg till kvitto".
        share_target: {
          action: '/app/share-target',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: { title: 'title', text: 'text', files: [{ name: 'receipt', accept: ['image/*'] }] },
        },
        // Colours for a dark system theme, where the browser reads them; index.html sets the title bar per scheme too.
        ...{ user_preferences: { color_scheme_dark: { theme_color: DARK.theme, background_color: DARK.background } } },
      },
    }),
    // The theme script index.html runs before the first paint, as a hashed asset (decision 090).
    themeInitAsset(path.join(WEB_ROOT, 'theme-init.js')),
    // The scripts of each page, for the server to name in the page it sends (decision 069).
    routePreloadsPlugin(),
    noChunkCycles(),
    compileHints(WEB_ROOT),
    // Last, so the worker and manifest written above are compressed too (decision 050).
    precompress(),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every module the entry imports statically goes into one chunk: split by sharing, they were some twenty
          // files of under a kilobyte, each paying its own response headers on a cold load (decision 076). Only the
          // modules named, not everything they import: sv.ts imports every Swedish section, and those the entry does
          // not read stay with the pages that read them.
          groups: [
            {
              name: 'app',
              tags: ['$initial'],
              includeDependenciesRecursively: false,
              test: startupModule,
              priority: 2,
            },
            {
              name: signedInCore(WEB_ROOT, SIGNED_IN_SHARE),
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
