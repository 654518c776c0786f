import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['../tools/node24/vitest-runtime.mjs'],
    include: ['e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One Chromium and one site per file; files run one after another to keep 2-core CI steady.
    fileParallelism: false,
  },
});
