import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      globalSetup: ['../../tools/node24/vitest-runtime.mjs'],
      environment: 'jsdom',
      globals: true,
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      // Styles are not processed in tests, except the tokens the contrast test reads raw.
      css: { include: [/tokens\.css/] },
      restoreMocks: true,
      // userEvent in jsdom is slow on a loaded 2-core CI machine; these are journeys, not unit checks.
      testTimeout: 30_000,
    },
  }),
);
