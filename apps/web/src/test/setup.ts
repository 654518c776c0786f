import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { takeContractViolations } from './fake-api';

// A findBy or waitFor waits for the thing itself, not for a speed: a lazy chunk that vite
// transforms on first import can take seconds on a loaded 2-core machine, where the default 1 s
// failed tests that pass alone. What never appears still fails, within the test's own timeout.
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  const violations = takeContractViolations();
  if (violations.length) {
    throw new Error(`calls that break the endpoint catalogue:\n${violations.join('\n')}`);
  }
});
