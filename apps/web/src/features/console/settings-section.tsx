import {
  ANNOUNCEMENT_MAX_LENGTH,
  MESSAGES,
  pagePath,
  type ContentSyncReport,
  type SiteSettings,
} from '@quillpost/domain';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useConsoleApi } from './api/console-api';
import { ActionNotice, ResourceView, noticeOf } from '../../components/resource-view';
import { Field } from '../../components/field';
import { useResource } from '../../lib/use-resource';

function SettingsForm({ initial }: { initial: SiteSettings }) {
  const api = useConsoleApi();
  const [settings, setSettings] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const result = await api.updateSettings(settings);
    setSaving(false);
    if (result.ok) setSettings(result.data.settings);
    setNotice(noticeOf(result, MESSAGES.SETTINGS_UPDATED));
  }

  return (
    <form className="members-card members-form" onSubmit={(event) => void save(event)}>
      <fieldset disabled={saving} className="members-fieldset">
        <legend>Community</legend>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.commentsOpen}
            onChange={(event) => setSettings({ ...settings, commentsOpen: event.target.checked })}
          />
          <span>Members can post comments and start discussions</span>
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.directoryOpen}
            onChange={(event) => setSettings({ ...settings, directoryOpen: event.target.checked })}
          />
          <span>Show the member directory</span>
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.ownerDigest}
            onChange={(event) => setSettings({ ...settings, ownerDigest: event.target.checked })}
          />
          <span>Email me a daily digest of new comments and reports</span>
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.newsletterClickCounting}
            onChange={(event) =>
              setSettings({ ...settings, newsletterClickCounting: event.target.checked })
            }
          />
          <span>
            Count clicks on links in newsletter issues (per link and day, never who clicked)
          </span>
        </label>
        <Field
          id="settings-announcement"
          label="Dashboard announcement"
          hint="Shown on every member's dashboard. Leave empty for none."
        >
          {(control) => (
            <textarea
              {...control}
              className="field__input members-textarea"
              rows={2}
              maxLength={ANNOUNCEMENT_MAX_LENGTH}
              value={settings.announcement}
              onChange={(event) => setSettings({ ...settings, announcement: event.target.value })}
            />
          )}
        </Field>
        <button type="submit" className="button button--primary">
          {saving ? 'Saving…' : 'Save Settings'}
        </button>
      </fieldset>
      <ActionNotice notice={notice} />
    </form>
  );
}

const count = (files: readonly string[], what: string) =>
  `${files.length} ${what}${files.length === 1 ? '' : 's'}`;

/** What a sync did, in a sentence: counts of changes, or that nothing had changed. */
function describeSync(report: ContentSyncReport): string {
  const { added, updated, removed } = report;
  if (added.length + updated.length + removed.length === 0) {
    return `Content is up to date (${report.unchanged} files unchanged).`;
  }
  return `Content synced: ${count(added, 'new file')}, ${count(updated, 'changed file')}, ${count(removed, 'removed file')}.`;
}

/**
 * Publishing on demand. Saved files go live within a second anyway (the server watches the
 * content folder); this is for a folder the watcher cannot see, or to see what was skipped.
 */
function ContentSync() {
  const api = useConsoleApi();
  const [syncing, setSyncing] = useState(false);
  const [report, setReport] = useState<ContentSyncReport | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function sync() {
    setSyncing(true);
    const result = await api.syncContent();
    setSyncing(false);
    setReport(result.ok ? result.data : null);
    setNotice(
      result.ok
        ? { tone: result.data.errors.length ? 'error' : 'success', text: describeSync(result.data) }
        : { tone: 'error', text: result.message },
    );
  }

  return (
    <section className="members-card" aria-labelledby="content-sync-title">
      <h3 id="content-sync-title" className="members-card__label">
        Content
      </h3>
      <p className="ui-text muted">
        Posts, pages and books are read from the content folder, and a saved file is live within a
        second. Sync to read the folder now and see what changed.
      </p>
      <button type="button" className="button" disabled={syncing} onClick={() => void sync()}>
        {syncing ? 'Syncing…' : 'Sync Content'}
      </button>
      <ActionNotice notice={notice} />
      {report && report.errors.length > 0 ? (
        <ul className="members-list" aria-label="Skipped files">
          {report.errors.map((error) => (
            <li key={error.file}>
              <code>
                {error.file}:{error.line}
              </code>{' '}
              {error.message}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function SettingsSection() {
  const api = useConsoleApi();
  const settings = useResource('settings', (_client, signal) => api.settings({ signal }));
  return (
    <>
      <ResourceView resource={settings} label="site settings">
        {(data) => <SettingsForm initial={data.settings} />}
      </ResourceView>
      <ContentSync />
      <section className="members-card" aria-labelledby="moving-pointer-title">
        <h3 id="moving-pointer-title" className="members-card__label">
          Import and download
        </h3>
        <p className="ui-text">
          Bringing posts and readers from Substack, Ghost, WordPress or a mailing list, and
          downloading everything, are in{' '}
          <Link to={pagePath('membersConsole', { '*': 'moving' })}>Console → Moving in</Link>.
        </p>
      </section>
    </>
  );
}
