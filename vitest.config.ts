import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './scripts/vitest-sequencer.ts';
import { NODE_FLAGS } from './src/server/node-flags.ts';

// Integration tests run twice, once per database kind, so the same suite proves PGlite and PostgreSQL alike.
const integration = (kind: 'pglite' | 'postgres') => ({
  test: {
    name: `int-${kind}`,
    // Tests of several server processes on one database need a database server: PostgreSQL only.
    include: ['src/server/**/*.int.test.ts', ...(kind === 'postgres' ? ['src/server/**/*.pg.test.ts'] : [])],
    environment: 'node',
    env: { KVITT_TEST_DB: kind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['src/server/testing/global-setup.ts'],
    // Test processes open and close hundreds of embedded databases, each a thread running WebAssembly.
    execArgv: NODE_FLAGS,
    // Every file builds its own app on its own database, so files share nothing but the imported modules: importing
    // the server once per worker instead of once per file saves most of a run's time (decision 071).
    isolate: false,
  },
});

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.ts', 'src/server/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        // Server code that needs Node (OCR, image processing) but no database: runs once.
        test: {
          name: 'node',
          include: ['src/server/**/*.node.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          // OCR workers, threads running WebAssembly, are started and ended file after file.
          execArgv: NODE_FLAGS,
        },
      },
      integration('pglite'),
      integration('postgres'),
    ],
  },
});
