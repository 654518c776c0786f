import { NEWSLETTER_RESULTS_DAYS, type NewsletterResults } from '@quillpost/domain';
import { CsvButton } from '../../../components/csv-button';

/**
 * What became of a sent issue (issue 25): deliveries, bounces, complaints and unsubscribes among
 * its recipients, and clicks per link in aggregate, also as a CSV. Opens are not measured, and the
 * card says why.
 */
export function IssueResults({
  results,
  fileName,
}: {
  results: NewsletterResults;
  /** The clicks CSV's name, without .csv. */
  fileName: string;
}) {
  const figures = [
    ['Recipients', results.recipients],
    ['Delivered', results.delivered],
    ['Bounced', results.bounced],
    ['Complaints', results.complaints],
    ['Unsubscribes', results.unsubscribes],
  ] as const;
  return (
    <section
      className="newsletter-card newsletter-results"
      aria-labelledby="newsletter-results-title"
    >
      <h2 id="newsletter-results-title">Results</h2>
      <dl className="newsletter-counts">
        {figures.map(([label, value]) => (
          <div key={label} className="newsletter-counts__item">
            <dt>{label}</dt>
            <dd>{value.toLocaleString('en')}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">
        Bounces, complaints and unsubscribes count for {NEWSLETTER_RESULTS_DAYS} days after the
        send. Opens are not counted: Apple Mail opens every message by itself to protect its
        readers, so open rates mean little, and the tracking pixel they need follows each reader.
      </p>
      <div className="table-head">
        <h3 className="newsletter-results__heading">Clicks</h3>
        {results.clicksCounted ? (
          <CsvButton
            title="Clicks"
            fileName={fileName}
            header={['Link', 'Clicks']}
            rows={() => results.links.map((link) => [link.url, link.clicks])}
          />
        ) : null}
      </div>
      {!results.clicksCounted ? (
        <p className="muted">
          Clicks were not counted for this issue (off in Settings when it went out, or it had no
          links).
        </p>
      ) : (
        <>
          <p className="muted">Counted per link and day, never who clicked.</p>
          <table className="newsletter-table">
            <thead>
              <tr>
                <th scope="col">Link</th>
                <th scope="col" className="numeric">
                  Clicks
                </th>
              </tr>
            </thead>
            <tbody>
              {results.links.map((link, index) => (
                <tr key={index}>
                  <th scope="row" className="newsletter-results__link">
                    <a href={link.url}>{link.url.replace(/^https?:\/\//, '')}</a>
                  </th>
                  <td className="numeric">{link.clicks}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
