import {
  DEFAULT_NEWSLETTER_PREFERENCES,
  MESSAGES,
  NEWSLETTER_SECTION_LABELS,
  NEWSLETTER_SECTIONS,
  OAUTH_PROVIDERS,
  OAUTH_PROVIDER_LABELS,
  ROLE_LABELS,
  meResponseSchema,
  messageTemplates,
  type LinkedAccount,
  type NewsletterPreferences,
  type SignInMethod,
  type SignOutNotice,
  PAGE_PATHS,
} from '@quillpost/domain';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMembership } from '../../../lib/membership/membership-context';
import { useDates } from '../../../lib/use-dates';
import { useMembersApi } from '../api/members-api';
import { PageTitle } from '../../../components/page-title';
import {
  ActionNotice,
  ResourceView,
  noticeOf,
  type Notice,
} from '../../../components/resource-view';
import { useResource } from '../../../lib/use-resource';
import { describeUserAgent } from '../../../lib/format';
import { Avatar } from '../../../components/avatar';
import { TextField } from '../../../components/text-field';

const methodLabel = (method: SignInMethod) =>
  method === 'email' ? 'Email link' : OAUTH_PROVIDER_LABELS[method];

function ProviderAvatar({ account }: { account: LinkedAccount }) {
  // Without the provider's picture, the provider's initial.
  return <Avatar name={methodLabel(account.provider)} url={account.providerAvatarUrl} size={36} />;
}

function SignInMethods() {
  const api = useMembersApi();
  const accounts = useResource('accounts', (_client, signal) => api.linkedAccounts({ signal }));
  // Only providers the server has set up can be linked: any other would end on a failure.
  const providers = useResource('oauth-providers', (_client, signal) =>
    api.oauthProviders({ signal }),
  );
  const configured = new Set(
    providers.status === 'ready'
      ? providers.data.providers.filter((item) => item.available).map((item) => item.provider)
      : [],
  );
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  async function act(run: () => ReturnType<typeof api.setPrimaryAccount>, done: string) {
    setBusy(true);
    const result = await run();
    setBusy(false);
    setNotice(noticeOf(result, done));
    accounts.reload();
  }

  return (
    <section className="members-card" aria-labelledby="sign-in-methods">
      <h2 id="sign-in-methods">Sign-in methods</h2>
      <ResourceView resource={accounts} label="your sign-in methods">
        {(data) => {
          const linked = new Set(data.linkedAccounts.map((account) => account.provider));
          const linkable = OAUTH_PROVIDERS.filter(
            (provider) => configured.has(provider) && !linked.has(provider),
          );
          return (
            <>
              <ul className="members-rows">
                {data.linkedAccounts.map((account) => (
                  <li key={account.provider} className="members-row">
                    <ProviderAvatar account={account} />
                    <span className="members-row__main">
                      <strong>{methodLabel(account.provider)}</strong>
                      {account.isPrimary ? <span className="members-badge">Primary</span> : null}
                    </span>
                    <span className="members-row__actions">
                      {!account.isPrimary ? (
                        <button
                          type="button"
                          className="button button--quiet"
                          disabled={busy}
                          onClick={() =>
                            void act(
                              () => api.setPrimaryAccount(account.provider),
                              `${methodLabel(account.provider)} is now your primary sign-in method.`,
                            )
                          }
                        >
                          Make Primary
                        </button>
                      ) : null}
                      <button
                        type="button"
                        className="button button--quiet"
                        disabled={busy || data.linkedAccounts.length < 2}
                        title={
                          data.linkedAccounts.length < 2 ? MESSAGES.LAST_SIGN_IN_METHOD : undefined
                        }
                        onClick={() =>
                          void act(
                            () => api.unlinkAccount(account.provider),
                            `${methodLabel(account.provider)} is unlinked.`,
                          )
                        }
                      >
                        Unlink{' '}
                        <span className="visually-hidden">{methodLabel(account.provider)}</span>
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
              {linkable.length > 0 ? (
                <div className="members-inline-actions">
                  <span className="muted">Link another:</span>
                  {linkable.map((provider) => (
                    <a
                      key={provider}
                      className="button"
                      href={api.linkAccountUrl(provider, PAGE_PATHS.membersAccount)}
                    >
                      {OAUTH_PROVIDER_LABELS[provider]}
                    </a>
                  ))}
                </div>
              ) : null}
            </>
          );
        }}
      </ResourceView>
      <ActionNotice notice={notice} />
    </section>
  );
}

function Sessions() {
  const dates = useDates();
  const api = useMembersApi();
  const membership = useMembership();
  const sessions = useResource('sessions', (_client, signal) => api.sessions({ signal }));
  const [notice, setNotice] = useState<Notice>(null);

  async function revoke(id: string, current: boolean) {
    const result = await api.revokeSession(id);
    if (!result.ok) {
      setNotice({ tone: 'error', text: result.message });
      return;
    }
    if (current) {
      await membership.refresh();
      return;
    }
    setNotice({ tone: 'success', text: 'That session is signed out.' });
    sessions.reload();
  }

  return (
    <section className="members-card" aria-labelledby="active-sessions">
      <h2 id="active-sessions">Active sessions</h2>
      <ResourceView resource={sessions} label="your sessions">
        {(data) => (
          <ul className="members-rows">
            {data.sessions.map((session) => (
              <li key={session.id} className="members-row">
                <span className="members-row__main">
                  <strong>{describeUserAgent(session.userAgent)}</strong>
                  {session.current ? <span className="members-badge">This browser</span> : null}
                  <span className="muted members-row__meta">
                    Signed in with {methodLabel(session.method)} on{' '}
                    {dates.dateTime(session.createdAt)} · last seen{' '}
                    {dates.dateTime(session.lastSeenAt)}
                  </span>
                </span>
                <span className="members-row__actions">
                  <button
                    type="button"
                    className="button button--quiet"
                    onClick={() => void revoke(session.id, session.current)}
                  >
                    Sign out{' '}
                    <span className="visually-hidden">
                      {session.current ? 'this browser' : describeUserAgent(session.userAgent)}
                    </span>
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </ResourceView>
      <ActionNotice notice={notice} />
    </section>
  );
}

function Newsletter({ email, preferences }: { email: string; preferences: NewsletterPreferences }) {
  const api = useMembersApi();
  const [choices, setChoices] = useState<NewsletterPreferences>({
    ...DEFAULT_NEWSLETTER_PREFERENCES,
    ...preferences,
  });
  const [notice, setNotice] = useState<Notice>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    const result = await api.updatePreferences(email, choices);
    setSaving(false);
    setNotice(
      result.ok
        ? { tone: 'success', text: MESSAGES.PREFERENCES_UPDATED }
        : { tone: 'error', text: MESSAGES.PREFERENCES_UPDATE_FAILED },
    );
  }

  return (
    <fieldset className="members-fieldset" disabled={saving}>
      <legend>Sections you receive</legend>
      {NEWSLETTER_SECTIONS.map((section) => (
        <label className="checkbox" key={section}>
          <input
            type="checkbox"
            checked={choices[section]}
            onChange={(event) => setChoices({ ...choices, [section]: event.target.checked })}
          />
          <span>{NEWSLETTER_SECTION_LABELS[section]}</span>
        </label>
      ))}
      <button type="button" className="button" onClick={() => void save()}>
        Save Preferences
      </button>
      <ActionNotice notice={notice} />
    </fieldset>
  );
}

function DeleteAccount() {
  const api = useMembersApi();
  const membership = useMembership();
  const navigate = useNavigate();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function remove() {
    setDeleting(true);
    const result = await api.deleteAccount();
    setDeleting(false);
    if (!result.ok) {
      setError(MESSAGES.ACCOUNT_DELETE_FAILED);
      return;
    }
    membership.forgetSubscription('account-deleted');
    await membership.refresh();
    navigate(PAGE_PATHS.home);
    membership.showNotice({ tone: 'success', text: MESSAGES.ACCOUNT_DELETED });
  }

  return (
    <section className="members-card members-danger" aria-labelledby="delete-account">
      <h2 id="delete-account">Delete my account</h2>
      <p>
        This removes your profile, bookmarks, RSVPs and newsletter subscription, turns your comments
        into “deleted” placeholders and signs you out everywhere. It cannot be undone.
      </p>
      {!confirming ? (
        <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
          Delete My Account…
        </button>
      ) : (
        <div className="members-confirm">
          <TextField
            id={id}
            label="Type DELETE to confirm"
            inline
            value={typed}
            autoComplete="off"
            onChange={(event) => setTyped(event.target.value)}
          />
          <div className="members-inline-actions">
            <button
              type="button"
              className="button button--danger"
              disabled={typed.trim() !== 'DELETE' || deleting}
              onClick={() => void remove()}
            >
              {deleting ? 'Deleting…' : 'Delete My Account for Good'}
            </button>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => setConfirming(false)}
            >
              {MESSAGES.CANCEL}
            </button>
          </div>
          {error ? (
            <p className="alert alert--error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}

/** Why this session began with a fresh sign-in: an admin changed the role (issue 14). */
function SignOutNoticeLine({ notice }: { notice: SignOutNotice | null }) {
  const dates = useDates();
  if (!notice) return null;
  return (
    <p className="alert members-notice" role="status">
      {messageTemplates.roleChanged(
        ROLE_LABELS[notice.from],
        ROLE_LABELS[notice.to],
        dates.dateTime(notice.at),
      )}
    </p>
  );
}

/** Reply emails: on or off, saved as soon as the box changes. */
function ReplyEmails() {
  const api = useMembersApi();
  const settings = useResource('notifications', (_client, signal) => api.notifications({ signal }));
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  // What the last save answered; until then, what was loaded.
  const [saved, setSaved] = useState<boolean | null>(null);

  async function change(replies: boolean) {
    const before = saved;
    setSaving(true);
    setSaved(replies);
    const result = await api.updateNotifications(replies);
    setSaving(false);
    setSaved(result.ok ? result.data.notifications.replies : before);
    setNotice(noticeOf(result, replies ? 'Reply emails are on.' : 'Reply emails are off.'));
  }

  return (
    <section className="members-card" aria-labelledby="email-notifications">
      <h2 id="email-notifications">Email notifications</h2>
      <ResourceView resource={settings} label="your email notifications">
        {(data) => (
          <label className="checkbox">
            <input
              type="checkbox"
              checked={saved ?? data.notifications.replies}
              disabled={saving}
              onChange={(event) => void change(event.target.checked)}
            />
            <span>
              Email me when someone replies to my comments (at most once per conversation an hour)
            </span>
          </label>
        )}
      </ResourceView>
      <ActionNotice notice={notice} />
    </section>
  );
}

export default function AccountPage() {
  const api = useMembersApi();
  const membership = useMembership();
  const me = useResource('me', (client, signal) =>
    client.call('me', { signal, schema: meResponseSchema }),
  );
  const user = membership.state.user;

  return (
    <>
      <PageTitle title="Account" lede="Sign-in methods, sessions, newsletter and your data." />
      <SignOutNoticeLine notice={me.status === 'ready' ? me.data.notice : null} />
      <section className="members-card" aria-labelledby="account-details">
        <h2 id="account-details">Account</h2>
        <dl className="members-facts">
          <div>
            <dt>Email</dt>
            <dd>{user?.email || '—'}</dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>{ROLE_LABELS[membership.state.level]}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{messageTemplates.memberStatus(user?.subscription_status)}</dd>
          </div>
        </dl>
      </section>
      <SignInMethods />
      <Sessions />
      <section className="members-card" aria-labelledby="newsletter">
        <h2 id="newsletter">Newsletter</h2>
        <ResourceView resource={me} label="your newsletter settings">
          {(data) =>
            data.subscription && data.subscription.status !== 'unsubscribed' ? (
              <>
                <p className="muted">
                  {data.subscription.email} ·{' '}
                  {data.subscription.status === 'active'
                    ? 'subscribed'
                    : 'waiting for confirmation'}
                </p>
                <Newsletter
                  email={data.subscription.email}
                  preferences={data.subscription.preferences}
                />
              </>
            ) : (
              <p>
                You are not subscribed. Use Subscribe at the top of any page to get new posts by
                email.
              </p>
            )
          }
        </ResourceView>
      </section>
      <ReplyEmails />
      <section className="members-card" aria-labelledby="your-data">
        <h2 id="your-data">Your data</h2>
        <p>
          A JSON file with everything the site holds about you: account, sign-in methods, sessions,
          profile, newsletter subscription with its consent records and the issues sent to you,
          bookmarks, comments, RSVPs, reply emails, the mail the site sent you and moderation notes.
        </p>
        <a className="button" href={api.exportUrl()} download>
          Download my data
        </a>
      </section>
      <DeleteAccount />
    </>
  );
}
