/**
 * Follow the site from Mastodon and its peers (issue 38 item 2): the account's handle, which a
 * reader can copy into their server's search, and "Follow from your server", a plain form that
 * takes them to their own server's page for following it (the API's /fediverse/follow). No
 * JavaScript: it works as HTML. Nothing when the site is not on the fediverse (FEDERATION=off).
 */
import { FOLLOW_FROM_SERVER_PATH, PAGE_PATHS } from '@quillpost/domain';
import { useId } from 'react';
import { useSite } from '../../../lib/use-site';
import { Field } from '../../../components/field';
import './follow-box.css';

export function FollowBox({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { fediverseAccount, title } = useSite();
  const fieldId = useId();
  if (!fediverseAccount) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <aside className="follow-box" aria-label="Follow on the fediverse">
      <div>
        <Heading className="follow-box__title">Follow on the fediverse</Heading>
        <p className="follow-box__text">
          On Mastodon, Threads, Pixelfed or another server of the fediverse, follow{' '}
          {/* rel="me": the site and the account are one, for servers that check. */}
          <a className="follow-box__handle" href={PAGE_PATHS.home} rel="me">
            {fediverseAccount}
          </a>{' '}
          and new writing from {title} arrives in your timeline.
        </p>
      </div>
      <form className="follow-box__form" method="get" action={FOLLOW_FROM_SERVER_PATH}>
        <Field id={fieldId} label="Your server" inline>
          {(control) => (
            <div className="follow-box__row">
              <input
                {...control}
                name="server"
                type="text"
                inputMode="url"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                className="field__input"
                placeholder="mastodon.social"
                required
              />
              <button type="submit" className="button">
                Follow
              </button>
            </div>
          )}
        </Field>
      </form>
    </aside>
  );
}
