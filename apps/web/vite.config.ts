import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { parse as parseIcuMessage } from '@formatjs/icu-messageformat-parser';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Connect, Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * The respondent page is its own entry (decision 005): /survey/{id} and public links' /s/{slug}
 * (decision 024) get survey.html in `vite` and
 * `vite preview` too, as the server's not-found handler does in production.
 */
function respondentPage(): Plugin {
  const rewrite: Connect.NextHandleFunction = (request, _response, next) => {
    if (request.url?.startsWith('/survey/') || request.url?.startsWith('/s/')) request.url = '/survey.html';
    next();
  };
  return {
    name: 'graphium-respondent-page',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

/**
 * Writes .br and .gz beside each built asset; the server sends them to browsers that accept them
 * (@fastify/static `preCompressed`). Uncompressed, the respondent page's JavaScript is three times
 * larger on a phone's connection (decision 005 budget: 90 KB gzip, Lighthouse mobile).
 */
function precompressAssets(): Plugin {
  return {
    name: 'graphium-precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const names = Object.keys(bundle).filter((name) => /^assets\/.+\.(js|css|svg)$/.test(name));
      for (const name of names) {
        const source = await readFile(join(dir, name));
        if (source.length < 1024) continue;
        const brotli = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        await writeFile(join(dir, `${name}.br`), brotli);
        await writeFile(join(dir, `${name}.gz`), gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * The respondent page's message catalogues (decision 025) arrive parsed: each ICU message becomes
 * FormatJS's syntax tree at build time, so the page bundles intl-messageformat without its parser
 * (the alias below) and a catalogue with a syntax error fails the build, not a respondent.
 */
function icuCatalogues(): Plugin {
  const catalogue = /[\\/]respondent[\\/]i18n[\\/]messages[\\/][a-z]{2}\.json$/;
  return {
    name: 'graphium-icu-catalogues',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0] ?? id;
      if (!catalogue.test(file)) return null;
      const messages = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
      const parsed = Object.entries(messages).map(([key, message]) => [key, parseIcuMessage(message)]);
      return JSON.stringify(Object.fromEntries(parsed));
    },
  };
}

/** recharts and the packages only it depends on; shared ones (clsx, react-is) stay in vendor. */
const chartModules =
  /node_modules[\\/](recharts|victory-vendor|d3-[^\\/]+|internmap|@reduxjs|react-redux|redux|redux-thunk|reselect|immer|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant)[\\/]/;

export default defineConfig({
  plugins: [icuCatalogues(), react(), tailwindcss(), respondentPage(), precompressAssets()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` },
      // Messages are parsed at build time (icuCatalogues): the page needs no parser.
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/lib/no-parser.js',
      },
    ],
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        survey: fileURLToPath(new URL('./survey.html', import.meta.url)),
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            // React alone: the respondent page shares this chunk and must not carry the router.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // The message formatter: the respondent page loads it, so it must not sit in vendor.
            { name: 'intl', test: /node_modules[\\/](intl-messageformat|@formatjs|tslib)[\\/]/ },
            { name: 'vendor', test: (id) => /node_modules[\\/]/.test(id) && !chartModules.test(id) },
            // recharts and what only it uses: loaded with the responses summary's charts (decision 007).
            { name: 'charts', test: chartModules },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // User-event flows through whole dialogs take seconds on a loaded two-core machine.
    testTimeout: 15_000,
    // Vitest keeps a core for itself by default, which leaves one worker on two cores; the
    // workers wait on jsdom and React more than they compute, so both cores run test files.
    maxWorkers: 2,
    // One jsdom and one module cache per worker instead of per file: setting them up again for
    // each of 44 files took more time than the tests (155 s against 37 s for the suite). Each
    // test renders its own app and query client, and setup.ts cleans the DOM and cookies after
    // each, so no state crosses files; the suite passes shuffled (--sequence.shuffle).
    isolate: false,
  },
});
