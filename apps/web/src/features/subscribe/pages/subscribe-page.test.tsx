/**
 * /subscribe as a reader without JavaScript gets it: the server renderer's HTML, nothing run (with
 * JavaScript: subscribe-page-with-script.test.tsx, apart, as the server renderer's React must not
 * share a test file with the browser's).
 */
import { contentReaderOver, MESSAGES, type ContentCall } from '@quillpost/domain';
import { within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createPageRenderer } from '../../../entry-server';
import { SITE } from '../../../test/fake-api';
import template from '../../../../index.html?raw';

const siteOnly: ContentCall = (name) =>
  Promise.resolve(
    name === 'site'
      ? { ok: true, data: SITE }
      : { ok: false, status: 404, code: 'NOT_FOUND', message: 'Not found' },
  );

/** The page as the server sends it, parsed but never run. */
async function serverRendered(url: string) {
  const renderer = createPageRenderer({
    reader: contentReaderOver(siteOnly),
    publicUrl: 'https://rowan.example',
    template,
  });
  const rendered = await renderer.render(url);
  if (rendered.kind !== 'page') throw new Error(`${url} answered a redirect`);
  const sent = new DOMParser().parseFromString(rendered.html, 'text/html');
  // Into this test's document, where the queries and matchers work; nothing in it runs.
  document.body.innerHTML = sent.body.innerHTML;
  const form = document.querySelector('main form');
  if (!(form instanceof HTMLFormElement)) throw new Error(`${url} has no form`);
  return { status: rendered.status, head: sent.head, form, page: within(form) };
}

describe('/subscribe without JavaScript', () => {
  afterEach(() => document.body.replaceChildren());

  it("is a form that posts to its own address with the popup's fields and consent, in the site's words", async () => {
    const { status, head, form, page } = await serverRendered('/subscribe?source=post');
    expect(status).toBe(200);
    expect(document.querySelector('h1')?.textContent).toBe('Letters from the desk');
    expect(document.body.textContent).toContain('A short letter, roughly once a month.');
    expect(head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/subscribe');
    expect(page.getByLabelText('Email address')).toHaveAttribute('name', 'email');
    expect(page.getByLabelText(/Your name/)).toHaveAttribute('name', 'name');
    expect(
      page.getByLabelText('Also create a member account (comments, bookmarks and more)'),
    ).toHaveAttribute('name', 'wantsAccount');
    expect(form.textContent).toContain(MESSAGES.CONSENT_TEXT);
    expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(page.getByRole('button', { name: 'Subscribe' })).toHaveAttribute('type', 'submit');
    // Without JavaScript there is no security check, and the server is told so by its absence.
    expect(form.querySelector('[name="turnstileToken"]')).toBeNull();
  });

  it('shows a refused address with the reason beside it, and keeps what was typed', async () => {
    const { status, page } = await serverRendered(
      '/subscribe?error=EMAIL_INVALID&email=ada%40example',
    );
    expect(status).toBe(400);
    const email = page.getByLabelText('Email address');
    expect(email).toHaveValue('ada@example');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(MESSAGES.EMAIL_INVALID);
    expect(page.getByLabelText(/Your name/)).not.toHaveAttribute('aria-invalid');
  });

  it('puts a name refusal beside the name, and any other refusal above the button', async () => {
    const name = await serverRendered('/subscribe?error=NAME_TOO_SHORT&email=ada%40example.com');
    expect(name.page.getByLabelText(/Your name/)).toHaveAccessibleDescription(
      'Name must be at least 2 characters',
    );
    expect(name.page.getByLabelText('Email address')).toHaveValue('ada@example.com');

    const script = await serverRendered(
      '/subscribe?error=SECURITY_CHECK_NEEDS_SCRIPT&email=ada%40example.com',
    );
    expect(script.page.getByRole('alert')).toHaveTextContent(MESSAGES.SECURITY_CHECK_NEEDS_SCRIPT);
    expect(script.page.getByLabelText('Email address')).not.toHaveAttribute('aria-invalid');
  });
});
