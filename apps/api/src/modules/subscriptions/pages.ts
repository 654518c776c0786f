import type { Response } from 'express';
import { escapeHtml, MESSAGES } from '@quillpost/domain';
import { sendSmallPage, type SmallPageSite } from '../../http/small-pages.js';

export interface OneClickPage {
  site: SmallPageSite;
  /** `preview`: the link of a preview or test, which unsubscribes nobody. */
  state: 'confirm' | 'done' | 'invalid' | 'preview';
  email?: string;
  /** The web app's origin, where the confirm page's form goes on to once it has unsubscribed. */
  siteOrigin?: string;
}

/** Marks the confirm page's own POST, told apart from a mail client's one-click POST. */
export const ONE_CLICK_PAGE_FIELD = { name: 'from', value: 'page' } as const;

/** The small page behind a newsletter's unsubscribe link: no script, one form posting to itself. */
export function sendOneClickPage(
  res: Response,
  status: number,
  { site, state, email = '', siteOrigin }: OneClickPage,
): void {
  const body =
    state === 'confirm'
      ? `<h1>Unsubscribe?</h1>
<p>${escapeHtml(email)} will stop receiving the ${escapeHtml(site.title)} newsletter.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><input type="hidden" name="${ONE_CLICK_PAGE_FIELD.name}" value="${ONE_CLICK_PAGE_FIELD.value}"><button type="submit">Unsubscribe</button></form>`
      : state === 'done'
        ? `<h1>${escapeHtml(MESSAGES.UNSUBSCRIBED)}</h1>
<p>${escapeHtml(email)} will not receive the ${escapeHtml(site.title)} newsletter any more. Subscribing again on the site brings it back.</p>`
        : state === 'preview'
          ? `<h1>Nothing to unsubscribe</h1>
<p>This link came in a preview or a test of the ${escapeHtml(site.title)} newsletter. In a subscriber's copy it unsubscribes them with one click.</p>`
          : `<h1>${escapeHtml(MESSAGES.TOKEN_INVALID)}</h1>`;
  sendSmallPage(
    res,
    status,
    { site, title: `${site.title}: unsubscribe`, body: () => body },
    state === 'confirm' ? { formAction: siteOrigin ? [siteOrigin] : [] } : {},
  );
}
