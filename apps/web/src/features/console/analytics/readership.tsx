/**
 * What readers did in a range (issue 25): totals against the range before, a chart over time,
 * and the tables (pages, sources, campaigns, devices, browsers, systems, feed readers, the pages
 * that brought subscribers and members); for one page, its own figures and its newsletter issue.
 */
import {
  NEWSLETTER_RESULTS_DAYS,
  pagePath,
  type EndpointResponse,
  type TrafficReport,
} from '@quillpost/domain';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDates } from '../../../lib/use-dates';
import { useSite } from '../../../lib/use-site';
import { useConsoleApi } from '../api/console-api';
import { ResourceView } from '../../../components/resource-view';
import { useResource, type Resource } from '../../../lib/use-resource';
import { useCan } from '../../../lib/permissions';
import type { Range } from './ranges';
import { ReportTable, type Column, type ReportTableProps } from './report-table';
import { Breakable, referrerName } from './source-names';
import { pointsOf, TrafficChart } from './traffic-chart';

type Counts = { views: number; visitors: number };

/** "+12% on the range before": this range against the one before it, as long. */
function againstBefore(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'as in the range before' : 'none in the range before';
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return 'as in the range before';
  return `${percent > 0 ? '+' : '−'}${Math.abs(percent)}% on the range before`;
}

function Totals({ report, extra }: { report: TrafficReport; extra?: ReactNode }) {
  const perVisit = report.visitors ? report.views / report.visitors : 0;
  const before = report.previous.visitors ? report.previous.views / report.previous.visitors : 0;
  const cards: Array<{ label: string; value: string; now: number; before: number }> = [
    {
      label: 'Visitors',
      value: String(report.visitors),
      now: report.visitors,
      before: report.previous.visitors,
    },
    {
      label: 'Views',
      value: String(report.views),
      now: report.views,
      before: report.previous.views,
    },
    {
      label: 'Views per visit',
      value: report.visitors ? perVisit.toFixed(1) : '—',
      now: perVisit,
      before,
    },
  ];
  return (
    <dl className="analytics-totals">
      {cards.map((card) => (
        <div className="members-card" key={card.label}>
          <dt>{card.label}</dt>
          <dd>{card.value}</dd>
          <dd className="analytics-totals__note">{againstBefore(card.now, card.before)}</dd>
        </div>
      ))}
      {extra}
    </dl>
  );
}

type NamedPage = { path: string; title: string | null };

/** A page as its owner knows it, by its title with the path beside; the path alone if untitled. */
const pageLabel = (page: NamedPage) => (page.title ? `${page.title} (${page.path})` : page.path);

function PageName({ page, to }: { page: NamedPage; to: string }) {
  if (!page.title) return <Link to={to}>{page.path}</Link>;
  return (
    <>
      <Link to={to}>{page.title}</Link>
      <div className="muted">{page.path}</div>
    </>
  );
}

const counted = <Row extends Counts>(): Array<Column<Row>> => [
  { label: 'Visitors', value: (row) => row.visitors, numeric: true },
  { label: 'Views', value: (row) => row.views, numeric: true },
];

/** A table of one thing per row (a source, a browser) with its visitors and views. */
function CountedTable<Row extends Counts>({
  thing,
  ...table
}: Omit<ReportTableProps<Row>, 'columns'> & { thing: Column<Row> }) {
  return <ReportTable {...table} columns={[thing, ...counted<Row>()]} />;
}

/** How a period of the chart reads. Periods are the site's wall clock already: read as UTC. */
function periodLabel(step: Range['step'], language: string) {
  const format = new Intl.DateTimeFormat(
    language,
    step === 'hour'
      ? { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }
      : step === 'month'
        ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
        : { day: 'numeric', month: 'short', timeZone: 'UTC' },
  );
  return (period: string) =>
    format.format(
      new Date(
        step === 'hour'
          ? `${period}:00Z`
          : step === 'month'
            ? `${period}-01T00:00Z`
            : `${period}T00:00Z`,
      ),
    );
}

/** The whole site's readership in a range. */
export function SiteReadership({
  range,
  pageLink,
}: {
  range: Range;
  pageLink: (path: string) => string;
}) {
  const api = useConsoleApi();
  const { language } = useSite();
  const traffic = useResource(`traffic:${range.from}:${range.to}`, (_client, signal) =>
    api.traffic({ from: range.from, to: range.to }, { signal }),
  );
  const label = useMemo(() => periodLabel(range.step, language), [range.step, language]);
  const name = `${range.from}_${range.to}`;
  return (
    <ResourceView resource={traffic} label="your readers' figures">
      {(report) => (
        <ReadershipView report={report} range={range} label={label} name={name}>
          <div className="analytics-tables">
            <ReportTable
              title="Pages"
              fileName={`pages_${name}`}
              rows={report.pages}
              columns={[
                {
                  label: 'Page',
                  value: pageLabel,
                  render: (row) => <PageName page={row} to={pageLink(row.path)} />,
                },
                ...counted<(typeof report.pages)[number]>(),
              ]}
            />
            <CountedTable
              title="Sources"
              fileName={`sources_${name}`}
              rows={report.sources}
              thing={{ label: 'Source', value: (row) => referrerName(row.source) }}
            />
            <CountedTable
              title="Campaigns"
              fileName={`campaigns_${name}`}
              rows={campaignRows(report)}
              empty="No links with UTM tags were followed in this range."
              thing={{
                label: 'Tag',
                value: (row) => row.tag,
                render: (row) => <Breakable text={row.tag} />,
              }}
            />
            <ReportTable
              title="Subscribers and members by page"
              fileName={`signups_${name}`}
              rows={report.signups}
              empty="Nobody subscribed or joined in this range."
              columns={[
                {
                  label: 'Started on',
                  value: (row) => (row.path ? pageLabel(row) : 'Not known'),
                  render: (row) =>
                    row.path ? <PageName page={row} to={pageLink(row.path)} /> : 'Not known',
                },
                { label: 'Subscribers', value: (row) => row.subscribers, numeric: true },
                { label: 'Members', value: (row) => row.members, numeric: true },
              ]}
            />
            <CountedTable
              title="Devices"
              fileName={`devices_${name}`}
              rows={report.devices}
              thing={{ label: 'Device', value: (row) => DEVICE_NAMES[row.device] ?? row.device }}
            />
            <CountedTable
              title="Browsers"
              fileName={`browsers_${name}`}
              rows={report.browsers}
              thing={{ label: 'Browser', value: (row) => row.browser }}
            />
            <CountedTable
              title="Operating systems"
              fileName={`systems_${name}`}
              rows={report.systems}
              thing={{ label: 'System', value: (row) => row.os }}
            />
            <ReportTable
              title="Feed readers"
              fileName={`feed-readers_${name}`}
              rows={report.feeds}
              empty="No feed reader fetched the feeds in this range."
              note={
                <p className="muted">
                  Subscribers as each service states them when it fetches a feed; apps on a reader's
                  own device state none.
                </p>
              }
              columns={[
                { label: 'Reader', value: (row) => row.reader },
                { label: 'Subscribers', value: (row) => row.subscribers, numeric: true },
                { label: 'Fetches', value: (row) => row.fetches, numeric: true },
              ]}
            />
          </div>
        </ReadershipView>
      )}
    </ResourceView>
  );
}

const DEVICE_NAMES: Record<string, string> = {
  phone: 'Phone',
  tablet: 'Tablet',
  desktop: 'Computer',
};

type CampaignRow = Counts & { tag: string };

function campaignRows(report: TrafficReport): CampaignRow[] {
  const rows: CampaignRow[] = [];
  for (const [key, list] of Object.entries(report.campaigns)) {
    for (const row of list)
      if (row.value)
        rows.push({ tag: `utm_${key}=${row.value}`, views: row.views, visitors: row.visitors });
  }
  return rows.sort((a, b) => b.views - a.views);
}

function ReadershipView({
  report,
  range,
  label,
  name,
  extra,
  children,
}: {
  report: TrafficReport;
  range: Range;
  label: (period: string) => string;
  /** What the CSV files are named after: the range, and the page if it is one page's. */
  name: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const points = useMemo(() => pointsOf(range, report.series), [range, report.series]);
  return (
    <>
      <Totals report={report} extra={extra} />
      <TrafficChart points={points} label={label} fileName={`over-time_${name}`} />
      {children}
    </>
  );
}

/** One page: its views and sources, who it brought, and its newsletter issue if it had one. */
export function PageReadership({ range, path }: { range: Range; path: string }) {
  const api = useConsoleApi();
  const { language } = useSite();
  const traffic = useResource(`traffic:${range.from}:${range.to}:${path}`, (_client, signal) =>
    api.traffic({ from: range.from, to: range.to, path }, { signal }),
  );
  // Asked for beside the figures, not after them.
  const issue = useResource(`page-issue:${path}`, (_client, signal) =>
    api.pageIssue(path, { signal }),
  );
  const label = useMemo(() => periodLabel(range.step, language), [range.step, language]);
  const name = `${path.replace(/\W+/g, '-').replace(/^-|-$/g, '')}_${range.from}_${range.to}`;
  return (
    <ResourceView resource={traffic} label="this page's figures">
      {(report) => {
        const signups = report.signups.find((row) => row.path === path);
        return (
          <ReadershipView
            report={report}
            range={range}
            label={label}
            name={name}
            extra={
              <div className="members-card">
                <dt>Subscribers and members</dt>
                <dd>{(signups?.subscribers ?? 0) + (signups?.members ?? 0)}</dd>
                <dd className="analytics-totals__note">
                  {signups?.subscribers ?? 0} subscribed, {signups?.members ?? 0} joined from here
                </dd>
              </div>
            }
          >
            <div className="analytics-tables">
              <CountedTable
                title="Sources"
                fileName={`sources_${name}`}
                rows={report.sources}
                thing={{ label: 'Source', value: (row) => referrerName(row.source) }}
              />
              <PageIssue found={issue} name={name} />
            </div>
          </ReadershipView>
        );
      }}
    </ResourceView>
  );
}

type Figure = { figure: string; count: number };

/**
 * The newsletter issue made from this page, with the results its own page counts: its figures and
 * its clicks per link. The issue's page (who bounced, the send's controls) is the owner's.
 */
function PageIssue({
  found,
  name,
}: {
  found: Resource<EndpointResponse<'adminAnalyticsIssue'>>;
  name: string;
}) {
  const can = useCan();
  const dates = useDates();
  if (found.status !== 'ready' || !found.data.issue) return null;
  const { id, subject, startedAt, results } = found.data.issue;
  const figures: Figure[] = [
    { figure: 'Recipients', count: results.recipients },
    { figure: 'Delivered', count: results.delivered },
    { figure: 'Bounced', count: results.bounced },
    { figure: 'Complaints', count: results.complaints },
    { figure: 'Unsubscribes', count: results.unsubscribes },
  ];
  return (
    <>
      <ReportTable
        title="Sent as a newsletter"
        fileName={`newsletter_${name}`}
        rows={figures}
        note={
          <p className="muted">
            “{subject}” went out {dates.date(startedAt)}. Bounces, complaints and unsubscribes count
            for {NEWSLETTER_RESULTS_DAYS} days after the send; opens are not counted.
            {can('admin_system') ? (
              <>
                {' '}
                <Link to={`${pagePath('membersConsole', { '*': 'newsletter' })}?issue=${id}`}>
                  The issue in the newsletter console
                </Link>
              </>
            ) : null}
          </p>
        }
        columns={[
          { label: 'Figure', value: (row) => row.figure },
          { label: 'Count', value: (row) => row.count, numeric: true },
        ]}
      />
      <ReportTable
        title="Clicks in the newsletter"
        fileName={`newsletter-clicks_${name}`}
        rows={results.links}
        empty="Clicks were not counted for this issue (off in Settings when it went out, or it had no links)."
        note={
          results.clicksCounted ? (
            <p className="muted">Counted per link and day, never who clicked.</p>
          ) : undefined
        }
        columns={[
          { label: 'Link', value: (row) => row.url },
          { label: 'Clicks', value: (row) => row.clicks, numeric: true },
        ]}
      />
    </>
  );
}
