import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { takeContractViolations } from './fake-api';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  const violations = takeContractViolations();
  if (violations.length) {
    throw new Error(`calls that break the endpoint catalogue:\n${violations.join('\n')}`);
  }
});
