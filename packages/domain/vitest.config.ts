import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['../../tools/node24/vitest-runtime.mjs'],
  },
});
