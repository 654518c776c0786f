/**
 * How the figures name where readers came from, as an owner would say it (on screen and in the
 * CSVs alike): a sign-up's form and the page it was on, a referrer, a UTM tag.
 */
import { NAV_ITEMS, NEWSLETTER_SOURCE } from '@quillpost/domain';
import { Fragment, type ReactNode } from 'react';

/** A referrer's host, the newsletter's tag, or nothing at all (typed in, an app, a bookmark). */
export const referrerName = (source: string) =>
  source === NEWSLETTER_SOURCE ? 'The newsletter' : source || 'Direct, an app or a bookmark';

const FORM_NAMES: Record<string, string> = {
  'subscribe-form': 'Subscribe form',
  // The same form, sent where its script did not run (no security check was possible).
  'subscribe-plain': 'Subscribe form without its script',
};

const PAGE_NAMES = new Map(NAV_ITEMS.map((item) => [item.path, item.label]));

/**
 * A sign-up's source (`subscribe-form@/posts/tiny-tools`, as the consent record keeps it): "Subscribe
 * form on Home", "Subscribe form on /posts/tiny-tools". A source this does not know reads as stored.
 */
export function signupSourceName(source: string): string {
  const at = source.indexOf('@');
  const form = at < 0 ? source : source.slice(0, at);
  const name = FORM_NAMES[form];
  if (!name) return source;
  if (at < 0) return name;
  const path = source.slice(at + 1);
  return `${name} on ${PAGE_NAMES.get(path) ?? path}`;
}

/**
 * Text with no spaces (a UTM tag, an address) that may wrap after its own punctuation, so a
 * narrow column breaks `utm_campaign=spring_launch` between its words, never inside one.
 */
export function Breakable({ text }: { text: string }): ReactNode {
  return text.split(/(?<=[=_\-./&?])/).map((part, index) => (
    <Fragment key={index}>
      {index ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}
