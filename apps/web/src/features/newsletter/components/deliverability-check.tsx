import type { DeliverabilityReport } from '@quillpost/domain';
import { useState } from 'react';
import { useNewsletterApi } from '../api/newsletter-api';
import { ActionNotice, type Notice } from './notice';

function Report({ report }: { report: DeliverabilityReport }) {
  const red = report.lines.filter((line) => !line.ok).length;
  return (
    <>
      <p className="deliverability__summary" role="status">
        {red === 0
          ? `All clear for ${report.domain}.`
          : `${red} of ${report.lines.length} need attention for ${report.domain}.`}{' '}
        A test message went to {report.sentTo}.
      </p>
      <ul className="deliverability" aria-label="Checks">
        {report.lines.map((line) => (
          <li
            key={line.check}
            className={`deliverability__line deliverability__line--${line.ok ? 'ok' : 'fix'}`}
          >
            <span className="deliverability__mark" aria-hidden="true">
              {line.ok ? '✓' : '✕'}
            </span>
            <div>
              <p className="deliverability__label">
                {line.label}
                <span className="visually-hidden">{line.ok ? ': passes' : ': needs a fix'}</span>
              </p>
              <p className="deliverability__detail">{line.detail}</p>
              {line.fix ? <p className="deliverability__fix">{line.fix}</p> : null}
            </div>
          </li>
        ))}
      </ul>
      <details className="deliverability__headers">
        <summary>The test message’s headers</summary>
        <pre>{report.headers.map((header) => `${header.name}: ${header.value}`).join('\n')}</pre>
      </details>
    </>
  );
}

/**
 * Whether mail from the site reaches inboxes: the sending domain's SPF, DKIM, DMARC and MX, and
 * what a receiver sees in a test message sent to the owner, green or red with the fix.
 */
export function DeliverabilityCheck() {
  const api = useNewsletterApi();
  const [report, setReport] = useState<DeliverabilityReport | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    setNotice(null);
    const result = await api.checkDeliverability();
    setBusy(false);
    if (result.ok) setReport(result.data);
    else setNotice({ tone: 'error', text: result.message });
  }

  return (
    <section className="newsletter-card" aria-labelledby="deliverability-title" aria-busy={busy}>
      <h2 id="deliverability-title">Deliverability</h2>
      <p className="muted">
        Checks that receivers can trust mail from the site, and sends you a test message.
      </p>
      <button type="button" className="button" disabled={busy} onClick={() => void run()}>
        {busy ? 'Checking…' : 'Run the Check'}
      </button>
      <ActionNotice notice={notice} />
      {report ? <Report report={report} /> : null}
    </section>
  );
}
