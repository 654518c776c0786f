import { describe, expect, it } from 'vitest';
import { CONSENT_SOURCES, consentSourceLabel, importedConsentSource } from './consent-sources.js';

describe('a consent record’s source in words', () => {
  it('names each channel, an import and a form', () => {
    expect(consentSourceLabel(CONSENT_SOURCES.confirmationEmail)).toBe(
      'The link in the confirmation email',
    );
    expect(consentSourceLabel(CONSENT_SOURCES.console)).toBe('The console');
    expect(consentSourceLabel(importedConsentSource('substack'))).toBe('Imported from substack');
    expect(consentSourceLabel('admin-import-consented:conference list')).toBe(
      'Imported, consent given elsewhere: conference list',
    );
    expect(consentSourceLabel('postmark-complaint')).toBe('Spam complaint reported by postmark');
    expect(consentSourceLabel('post')).toBe('The subscribe form (post)');
  });
});
