/**
 * Where a consent event happened, as consent records name it: the API writes these names, the
 * console reads them back in words. A subscribe form's own name (`post`, `header`…) is a source
 * too; the other names are these.
 */
export const CONSENT_SOURCES = {
  confirmationEmail: 'confirmation-email',
  managePage: 'manage-page',
  oneClickUnsubscribe: 'one-click-unsubscribe',
  /** The owner, from the subscriber's panel in the console. */
  console: 'console',
} as const;

/** A subscriber brought in from another platform (issue 27). */
export const importedConsentSource = (platform: string) => `imported from ${platform}`;

/** A consent record's source in words, for the console. */
export function consentSourceLabel(source: string): string {
  const listImport = /^admin-import(-consented)?(?::(.*))?$/.exec(source);
  if (listImport) {
    const where = listImport[2] ? `: ${listImport[2]}` : '';
    return listImport[1] ? `Imported, consent given elsewhere${where}` : `Imported${where}`;
  }
  const platform = /^imported from (.+)$/.exec(source);
  if (platform) return `Imported from ${platform[1]}`;
  const complaint = /^(.+)-complaint$/.exec(source);
  if (complaint) return `Spam complaint reported by ${complaint[1]}`;
  switch (source) {
    case CONSENT_SOURCES.confirmationEmail:
      return 'The link in the confirmation email';
    case CONSENT_SOURCES.managePage:
      return 'Their manage page';
    case CONSENT_SOURCES.oneClickUnsubscribe:
      return 'One-click unsubscribe in a newsletter';
    case CONSENT_SOURCES.console:
      return 'The console';
    default:
      return `The subscribe form (${source})`;
  }
}
