import { describe, expect, it } from 'vitest';
import { createFakeApi, takeContractViolations } from './fake-api';

describe('the fake API', () => {
  it('takes calls and canned answers that keep to the catalogue', async () => {
    const { api } = createFakeApi({
      'POST /api/auth/resend-verification': { body: { success: true, message: 'Sent' } },
    });
    await api.call('resendVerification', { body: { email: 'ada@example.com' } });
    expect(takeContractViolations()).toEqual([]);
  });

  it('reports a body the endpoint refuses and an answer the API would never send', async () => {
    const { api } = createFakeApi({
      'POST /api/auth/resend-verification': { body: { success: true } },
    });
    await api.call('resendVerification', { body: { email: 'not an address' } });
    const violations = takeContractViolations();
    expect(violations).toHaveLength(2);
    expect(violations[0]).toMatch(/^POST \/api\/auth\/resend-verification: body email: /);
    expect(violations[1]).toMatch(/^POST \/api\/auth\/resend-verification: answer message: /);
  });
});
