/**
 * Console → Moving in: moving in and out (issue 27). An export from Substack, Ghost, WordPress or
 * a mailing list is checked first (the dry run: what would be created, kept and refused, each
 * with its line) and imported only when the owner has read that; nobody is mailed. Download
 * everything takes the whole site as one zip.
 */
import {
  IMPORT_SOURCES,
  IMPORT_UPLOAD_MAX_BYTES,
  MESSAGES,
  type ImportReport,
  type ImportSource,
} from '@quillpost/domain';
import { useId, useState } from 'react';
import { useConsoleApi } from './api/console-api';
import { ActionNotice } from '../../components/resource-view';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { useCan } from '../../lib/permissions';
import { plural } from '../../lib/format';

const SOURCE_LABELS: Record<ImportSource, string> = {
  substack: 'Substack',
  ghost: 'Ghost',
  wordpress: 'WordPress',
  csv: 'A subscriber list (CSV)',
  archive: 'This site’s archive',
};

/** Which file each platform gives, and where its owner finds it. */
const SOURCE_HINTS: Record<ImportSource, string> = {
  substack: 'The zip from Settings → Exports on Substack: posts and subscriber lists.',
  ghost: 'The JSON file from Settings → Labs → Export, or the CSV from Members → Export.',
  wordpress: 'The .xml file from Tools → Export → All content.',
  csv: 'Mailchimp’s export files, Buttondown, ConvertKit, or any CSV with an email column.',
  archive: 'A zip made by Download Everything, on this server or another.',
};

function summary(report: ImportReport): string {
  const c = report.created;
  const parts = [
    c.posts && plural(c.posts, 'post'),
    c.drafts && plural(c.drafts, 'draft'),
    c.pages && plural(c.pages, 'page'),
    c.images && plural(c.images, 'image'),
    c.subscribers && plural(c.subscribers, 'active subscriber'),
    c.unsubscribed && `${c.unsubscribed} unsubscribed`,
    c.bounced && `${c.bounced} bounced`,
    c.members && plural(c.members, 'member'),
    c.files && plural(c.files, 'file'),
  ].filter(Boolean);
  const what = parts.length ? parts.join(', ') : 'nothing new';
  return report.dryRun ? `This would import ${what}.` : `Imported ${what}. Nobody was mailed.`;
}

/**
 * An archive's fediverse account: what comes with it, so the owner sees before importing that
 * the site keeps its followers (and takes the archive's keys, or keeps its own).
 */
function FediverseAccount({ report }: { report: ImportReport }) {
  const moved = report.fediverse;
  if (!moved) return null;
  const would = report.dryRun ? 'would come' : 'came';
  return (
    <>
      <p>
        The fediverse account {would} with it:{' '}
        {moved.keys.length
          ? 'its keys, so followers’ servers know the site'
          : 'the site keeps its own keys'}
        , {plural(moved.followers.length, 'follower')}
        {moved.handles.length ? `, ${plural(moved.handles.length, 'earlier handle')}` : ''}
        {moved.blocks.length ? `, ${plural(moved.blocks.length, 'block')}` : ''}.
      </p>
      <Findings
        title="Followers"
        items={moved.followers.map((follower) => ({ where: follower, message: '' }))}
      />
    </>
  );
}

function Findings({ title, items }: { title: string; items: ImportReport['kept'] }) {
  if (items.length === 0) return null;
  return (
    <details className="moving__findings">
      <summary>
        {title} ({items.length})
      </summary>
      <ul className="members-list">
        {items.slice(0, 200).map((item, index) => (
          <li key={index}>
            <code>{item.where}</code> {item.message}
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * What the import made of the file, always in view: which file it read as the subscriber list
 * (or that it found none), who stays unsubscribed and why, which posts were mailed already.
 */
function ReadNotes({ notes }: { notes: ImportReport['notes'] }) {
  const id = useId();
  if (notes.length === 0) return null;
  return (
    <>
      <p id={id} className="visually-hidden">
        What the file holds
      </p>
      <ul className="members-list moving__notes" aria-labelledby={id}>
        {notes.map((note, index) => (
          <li key={index}>
            <strong>{note.where}</strong>: {note.message}
          </li>
        ))}
      </ul>
    </>
  );
}

export function MovingSection() {
  const api = useConsoleApi();
  const can = useCan();
  const id = useId();
  const [source, setSource] = useState<ImportSource>('substack');
  const [file, setFile] = useState<File | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(dryRun: boolean) {
    if (!file) return;
    if (file.size > IMPORT_UPLOAD_MAX_BYTES) {
      setError(MESSAGES.IMPORT_TOO_LARGE);
      return;
    }
    setBusy(true);
    setError(null);
    const result = await api.importExport(file, {
      source,
      name: file.name,
      dryRun: dryRun ? 'true' : 'false',
      overwrite: overwrite ? 'true' : 'false',
    });
    setBusy(false);
    if (!result.ok) {
      setReport(null);
      setError(result.message);
      return;
    }
    setReport(result.data.report);
  }

  // Import is offered once the same file and choices were checked.
  const checked = report?.dryRun === true;

  return (
    <section className="members-card moving" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="members-card__label">
        Import
      </h3>
      <p className="ui-text muted">
        Bring your posts and readers from another platform. Subscribers come in with the consent
        they gave there, and nobody is mailed. Check the file first: nothing is written until you
        import.
      </p>
      <SelectField
        id={`${id}-source`}
        label="From"
        hint={SOURCE_HINTS[source]}
        value={source}
        options={IMPORT_SOURCES}
        optionLabel={(option) => SOURCE_LABELS[option]}
        onChange={(option) => {
          setSource(option);
          setReport(null);
        }}
      />
      <TextField
        id={`${id}-file`}
        label="Export file"
        type="file"
        accept=".zip,.json,.xml,.csv"
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          setReport(null);
          setError(null);
        }}
      />
      <label className="moving__check">
        <input
          type="checkbox"
          checked={overwrite}
          onChange={(event) => {
            setOverwrite(event.target.checked);
            setReport(null);
          }}
        />{' '}
        Replace posts and subscribers that are already here
      </label>
      <div className="moving__actions">
        <button
          type="button"
          className="button"
          disabled={!file || busy}
          onClick={() => void run(true)}
        >
          {busy && !checked ? 'Checking…' : 'Check the File'}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={!checked || busy}
          onClick={() => void run(false)}
        >
          {busy && checked ? 'Importing…' : 'Import'}
        </button>
      </div>
      <ActionNotice notice={error ? { tone: 'error', text: error } : null} />
      {report ? (
        <div className="moving__report" role="status">
          <p>{summary(report)}</p>
          <ReadNotes notes={report.notes} />
          <FediverseAccount report={report} />
          <Findings title="Already here, kept as they are" items={report.kept} />
          <Findings title="Not imported" items={report.refused} />
          <Findings
            title="Images left on the other platform"
            items={report.remoteImages.map((url) => ({ where: url, message: '' }))}
          />
          {report.reportFile ? (
            <p className="ui-text muted">
              The report is kept on the server in <code>data/imports/{report.reportFile}</code>.
            </p>
          ) : null}
        </div>
      ) : null}
      {can('export_data') ? (
        <>
          <h3 className="members-card__label moving__out">Download everything</h3>
          <p className="ui-text muted">
            Your writing, images, subscribers with their consent history, members, comments and
            events in one zip, with a README saying what each file holds. Import it into a new
            server with <code>pnpm data import archive</code>.
          </p>
          <a className="button" href={api.everythingUrl()} download>
            Download Everything
          </a>
        </>
      ) : null}
    </section>
  );
}
