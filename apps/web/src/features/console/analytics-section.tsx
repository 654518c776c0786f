/**
 * Console → Analytics (issue 25): readers counted without cookies (decision 0019) over a range
 * the owner picks, the whole site or one page (`?page=`), then the subscriber and member figures.
 * The range lives in the address (`?range=7d`, or `?from=&to=`), so a view can be bookmarked.
 */
import { pagePath } from '@quillpost/domain';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useDates } from '../../lib/use-dates';
import { Field } from '../../components/field';
import {
  customRange,
  presetRange,
  RANGE_PRESETS,
  type Range,
  type RangePreset,
} from './analytics/ranges';
import { PageReadership, SiteReadership } from './analytics/readership';
import { SubscriberFigures } from './analytics/subscriber-figures';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const sectionPath = pagePath('membersConsole', { '*': 'analytics' });

function CustomRangeForm({
  range,
  onPick,
}: {
  range: Range;
  onPick(from: string, to: string): void;
}) {
  const id = useId();
  const [from, setFrom] = useState(range.from.slice(0, 10));
  const [to, setTo] = useState(range.to.slice(0, 10));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (from && to && from <= to) onPick(from, to);
  };
  return (
    <form className="analytics-custom" onSubmit={submit}>
      <Field id={`${id}-from`} label="From" inline>
        {(control) => (
          <input
            {...control}
            type="date"
            value={from}
            max={to}
            required
            onChange={(e) => setFrom(e.target.value)}
          />
        )}
      </Field>
      <Field id={`${id}-to`} label="To" inline>
        {(control) => (
          <input
            {...control}
            type="date"
            value={to}
            min={from}
            required
            onChange={(e) => setTo(e.target.value)}
          />
        )}
      </Field>
      <button type="submit" className="button">
        Show
      </button>
    </form>
  );
}

export function AnalyticsSection() {
  const { timeZone } = useDates();
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const custom = DAY.test(from) && DAY.test(to) && from <= to;
  const preset = (RANGE_PRESETS.find((option) => option.id === params.get('range'))?.id ??
    '30d') as RangePreset;
  // A preset's days are taken when the address changes: a chart does not shift under the reader.
  const current = useMemo(
    () => (custom ? customRange(from, to) : presetRange(preset, timeZone)),
    [custom, from, to, preset, timeZone],
  );
  // A path of this site only: `//host` would be a link to another.
  const asked = params.get('page');
  const page = asked && /^\/(?!\/)/.test(asked) ? asked : null;
  const [picking, setPicking] = useState(custom);

  const withRange = (next: Record<string, string>) => {
    const query = new URLSearchParams(next);
    if (page) query.set('page', page);
    return query;
  };
  const pageLink = (path: string) => {
    const query = new URLSearchParams(params);
    query.set('page', path);
    return `${sectionPath}?${query.toString()}`;
  };
  const withoutPage = () => {
    const query = new URLSearchParams(params);
    query.delete('page');
    const rest = query.toString();
    return rest ? `${sectionPath}?${rest}` : sectionPath;
  };

  return (
    <div className="analytics-dashboard">
      <div className="analytics-ranges" role="group" aria-label="Range">
        {RANGE_PRESETS.map((option) => (
          <button
            key={option.id}
            type="button"
            className="members-chip"
            aria-pressed={!custom && !picking && option.id === preset}
            onClick={() => {
              setPicking(false);
              setParams(withRange({ range: option.id }));
            }}
          >
            {option.label}
          </button>
        ))}
        <button
          type="button"
          className="members-chip"
          data-current={custom || picking ? '' : undefined}
          aria-expanded={picking}
          onClick={() => setPicking(!picking)}
        >
          Custom
        </button>
      </div>
      {picking ? (
        <CustomRangeForm
          key={`${current.from} ${current.to}`}
          range={current}
          onPick={(start, end) => setParams(withRange({ from: start, to: end }))}
        />
      ) : null}

      {page ? (
        <>
          <p>
            <Link to={withoutPage()}>← The whole site</Link>
          </p>
          <h2 className="analytics__heading">
            Readers of <a href={page}>{page}</a>
          </h2>
          <PageReadership range={current} path={page} />
        </>
      ) : (
        <>
          <p className="muted analytics-privacy">
            Counted without cookies and without keeping anyone's address: a visitor is a code that
            changes every day. Bots, link previews and your own visits are left out.
          </p>
          <SiteReadership range={current} pageLink={pageLink} />
          <SubscriberFigures />
        </>
      )}
    </div>
  );
}
