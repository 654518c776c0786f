import { CsvButton } from '../../../components/csv-button';
import { useDates } from '../../../lib/use-dates';
import { useConsoleApi } from '../api/console-api';
import { ResourceView } from '../../../components/resource-view';
import { useResource } from '../../../lib/use-resource';
import { signupSourceName } from './source-names';
import { ReportTable } from './report-table';
import './follower-figures.css';

/**
 * Subscribers and members: totals, the last twelve months, sign-ups by source and method; each
 * table also as a CSV. Followers on the fediverse stand beside them, month by month, unless the
 * server has the social web off.
 */
export function SubscriberFigures() {
  const api = useConsoleApi();
  const dates = useDates();
  const analytics = useResource('analytics', (_client, signal) => api.analytics({ signal }));
  const fediverse = useResource('fediverse', (_client, signal) => api.fediverse({ signal }));
  const followers = fediverse.status === 'ready' ? fediverse.data : null;
  return (
    <ResourceView resource={analytics} label="analytics">
      {(data) => {
        const months = data.months.map((month, index) => ({
          ...month,
          // The two answers count the same twelve month ends.
          followers: followers?.months[index]?.followers ?? 0,
        }));
        const peak = Math.max(
          1,
          ...months.flatMap((m) => [m.subscribers, m.members, followers ? m.followers : 0]),
        );
        return (
          <section className="analytics" aria-labelledby="subscriber-figures">
            <h2 id="subscriber-figures" className="analytics__heading">
              Subscribers and members
            </h2>
            <dl className="analytics-totals">
              <div className="members-card">
                <dt>Subscribers</dt>
                <dd>{data.totals.subscribers}</dd>
              </div>
              <div className="members-card">
                <dt>Active subscribers</dt>
                <dd>{data.totals.activeSubscribers}</dd>
              </div>
              <div className="members-card">
                <dt>Members</dt>
                <dd>{data.totals.members}</dd>
              </div>
              {followers ? (
                <div className="members-card">
                  <dt>Fediverse followers</dt>
                  <dd>{followers.followers}</dd>
                </div>
              ) : null}
              <div className="members-card">
                <dt>Confirmation rate</dt>
                <dd>
                  {data.confirmation.rate === null
                    ? '—'
                    : `${Math.round(data.confirmation.rate * 100)}%`}
                </dd>
                <dd className="analytics-totals__note">
                  {data.confirmation.confirmed} of {data.confirmation.requested} confirmed
                </dd>
              </div>
            </dl>

            <section className="members-card" aria-labelledby="over-time">
              <div className="table-head">
                <h2 id="over-time">Over the last 12 months</h2>
                <CsvButton
                  title="Subscribers and members by month"
                  fileName="subscribers-and-members_by-month"
                  header={['Month', 'Subscribers', 'Members', ...(followers ? ['Followers'] : [])]}
                  rows={() =>
                    months.map((m) => [
                      m.month,
                      m.subscribers,
                      m.members,
                      ...(followers ? [m.followers] : []),
                    ])
                  }
                />
              </div>
              <p className="chart-legend">
                <span className="chart-key chart-key--subscribers" /> Subscribers{' '}
                <span className="chart-key chart-key--members" /> Members
                {followers ? (
                  <>
                    {' '}
                    <span className="chart-key chart-key--followers" /> Fediverse followers
                  </>
                ) : null}
              </p>
              <table className={followers ? 'bar-chart bar-chart--three' : 'bar-chart'}>
                <caption className="visually-hidden">
                  Subscribers{followers ? ', members and fediverse followers' : ' and members'} at
                  each month's end
                </caption>
                <thead className="visually-hidden">
                  <tr>
                    <th scope="col">Month</th>
                    <th scope="col">Subscribers</th>
                    <th scope="col">Members</th>
                    {followers ? <th scope="col">Fediverse followers</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {months.map((month) => (
                    <tr key={month.month}>
                      <th scope="row">{dates.month(month.month)}</th>
                      <td>
                        <span
                          className="bar bar--subscribers"
                          style={{ height: `${(month.subscribers / peak) * 100}%` }}
                        />
                        <span className="visually-hidden">{month.subscribers}</span>
                      </td>
                      <td>
                        <span
                          className="bar bar--members"
                          style={{ height: `${(month.members / peak) * 100}%` }}
                        />
                        <span className="visually-hidden">{month.members}</span>
                      </td>
                      {followers ? (
                        <td>
                          <span
                            className="bar bar--followers"
                            style={{ height: `${(month.followers / peak) * 100}%` }}
                          />
                          <span className="visually-hidden">{month.followers}</span>
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>

            <div className="members-grid">
              <ReportTable
                title="Sign-ups by source"
                fileName="signups-by-source"
                rows={data.signupsBySource}
                empty="No sign-ups yet."
                columns={[
                  { label: 'Source', value: (row) => signupSourceName(row.source) },
                  { label: 'Sign-ups', value: (row) => row.count, numeric: true },
                ]}
              />
              <ReportTable
                title="Members by sign-in method"
                fileName="members-by-sign-in-method"
                rows={data.membersByMethod}
                empty="No members yet."
                columns={[
                  { label: 'Method', value: (row) => row.method },
                  { label: 'Members', value: (row) => row.count, numeric: true },
                ]}
              />
            </div>
          </section>
        );
      }}
    </ResourceView>
  );
}
