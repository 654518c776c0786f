import { describe, expect, it } from 'vitest';
import { redactSecretUrl, tokenLinkPath } from './secret-urls.js';

describe('redactSecretUrl', () => {
  it('hides the token of every token link, however the target is spelled', () => {
    for (const url of [
      tokenLinkPath('newsletterUnsubscribe', 'tok.abc'),
      tokenLinkPath('replyEmailsOff', 'tok.abc'),
      '/API/Notifications/Replies/Off/tok.abc',
      'http://site.example/api/newsletter/unsubscribe/tok.abc?x=1',
    ]) {
      expect(redactSecretUrl(url), url).not.toContain('tok.abc');
      expect(redactSecretUrl(url), url).toContain('[redacted]');
    }
  });

  it('hides secret query parameters and keeps the rest', () => {
    expect(redactSecretUrl('/?verify=v1&utm_source=x&email=a%40b.c')).toBe(
      '/?verify=[redacted]&utm_source=x&email=[redacted]',
    );
    expect(redactSecretUrl('/api/auth/callback/github?code=c&state=s')).toBe(
      '/api/auth/callback/github?code=[redacted]&state=[redacted]',
    );
    expect(redactSecretUrl('/blog?category=build')).toBe('/blog?category=build');
  });
});
