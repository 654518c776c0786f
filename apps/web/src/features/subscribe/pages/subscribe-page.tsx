/**
 * /subscribe (issue 39): the newsletter's form as a page, where every Subscribe on a reading page
 * leads. Rendered on the server and posted as a plain form to its own address (the subscriptions
 * module's form route), so it works with JavaScript off; the same for everyone, so it is cached
 * and not indexed. A refused form comes back here with the refusal's code and the address typed,
 * answered 400 so that page is rendered for the one reader and never kept. With JavaScript the
 * page adds the security check (decision 0038).
 */
import { isMessageCode, MESSAGES, PAGE_PATHS, type MessageCode } from '@quillpost/domain';
import { useId, useState } from 'react';
import { data, useLoaderData } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { fieldForCode } from '../../../lib/field-errors';
import type { PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSite } from '../../../lib/use-site';
import { ConsentText } from '../consent-text';
import { SecurityCheck } from '../security-check';
import { AccountChoice, EmailField, NameField } from '../subscribe-fields';
import { turnstileSiteKey } from '../turnstile';
import '../subscribe.css';
import './subscribe-page.css';

export interface SubscribePageData {
  /** Why the form was sent back, when it was. */
  refusal: MessageCode | null;
  /** The address as the reader typed it. */
  email: string;
}

export async function loader({ request }: PageLoaderArgs) {
  const query = new URL(request.url).searchParams;
  if (!query.has('error') && !query.has('email')) {
    return { refusal: null, email: '' } satisfies SubscribePageData;
  }
  const code = query.get('error');
  const sentBack: SubscribePageData = {
    refusal: isMessageCode(code) ? code : null,
    email: query.get('email') ?? '',
  };
  return data(sentBack, { status: 400 });
}

export const meta: PageMetaFunction = (_data, { site }) => ({
  title: site.subscribe.title,
  description: site.subscribe.text,
  path: PAGE_PATHS.subscribe,
  noindex: true,
});

/** The refusals about one field, shown beside it; any other is about the whole form. */
const FIELD_REFUSALS = {
  email: ['EMAIL_REQUIRED', 'EMAIL_INVALID', 'EMAIL_TOO_LONG'],
  name: ['NAME_TOO_SHORT', 'NAME_TOO_LONG', 'NAME_INVALID'],
} satisfies Record<string, MessageCode[]>;

/**
 * The security check where JavaScript runs. Its field tells the server the check could run at
 * all: empty until a token arrives, absent from the page without JavaScript.
 */
function FormSecurityCheck() {
  const [siteKey] = useState(turnstileSiteKey);
  const [token, setToken] = useState<string | null>(null);
  return (
    <>
      <SecurityCheck siteKey={siteKey} onChange={(_state, next) => setToken(next)} />
      <input type="hidden" name="turnstileToken" value={token ?? ''} />
    </>
  );
}

export default function SubscribePage() {
  const { refusal, email } = useLoaderData() as SubscribePageData;
  const { subscribe } = useSite();
  const hydrated = useHydrated();
  const fieldId = useId();
  const refusedField = refusal ? fieldForCode(refusal, FIELD_REFUSALS) : null;
  const errorOf = (field: keyof typeof FIELD_REFUSALS) =>
    refusal && refusedField === field ? MESSAGES[refusal] : null;

  return (
    <article className="page subscribe-page">
      <PageHeader eyebrow="Newsletter" title={subscribe.title} lede={subscribe.text} />
      <form
        method="post"
        action={PAGE_PATHS.subscribe}
        // The server answers in the spec's words, which the browser's own checks would not.
        noValidate
        className="subscribe-form subscribe-page__form"
      >
        <EmailField id={`${fieldId}-email`} error={errorOf('email')} defaultValue={email} />
        <NameField id={`${fieldId}-name`} error={errorOf('name')} />
        <AccountChoice />
        {hydrated ? <FormSecurityCheck /> : null}
        <ConsentText id={`${fieldId}-consent`} />
        {refusal && !refusedField ? (
          <p className="alert alert--error" role="alert">
            {MESSAGES[refusal]}
          </p>
        ) : null}
        <div className="subscribe-form__actions">
          <button
            type="submit"
            className="button button--primary"
            aria-describedby={`${fieldId}-consent`}
          >
            {MESSAGES.SUBSCRIBE}
          </button>
        </div>
      </form>
    </article>
  );
}
