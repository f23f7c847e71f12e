import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './scripts/vitest-sequencer.ts';

// Node 24's V8 can free a WebAssembly import wrapper twice when threads that ran the same module come and go, and
// aborts the whole process ("Check failed: jit_page_->allocations_.erase(addr) == 1"). Test processes open and close
// hundreds of embedded databases and OCR workers, each a thread running WebAssembly; without the garbage collection
// of WebAssembly code there is no second free (decision 081).
const execArgv = ['--no-wasm-code-gc'];

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
    execArgv,
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
          execArgv,
        },
      },
      integration('pglite'),
      integration('postgres'),
    ],
  },
});
