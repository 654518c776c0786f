import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['../../tools/node24/vitest-runtime.mjs'],
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
