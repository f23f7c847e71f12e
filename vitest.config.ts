import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.ts', 'src/server/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
