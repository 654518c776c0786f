import { useDates } from '../../../../lib/use-dates';
import { useMembersApi } from '../../api/members-api';
import { EmptyNote, ResourceView } from '../../components/resource-view';
import { useResource } from '../../hooks/use-resource';

/** Subscribers and members: totals, the last twelve months, sign-ups by source and method. */
export function SubscriberFigures() {
  const api = useMembersApi();
  const dates = useDates();
  const analytics = useResource('analytics', (_client, signal) => api.analytics({ signal }));
  return (
    <ResourceView resource={analytics} label="analytics">
      {(data) => {
        const peak = Math.max(1, ...data.months.flatMap((m) => [m.subscribers, m.members]));
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
              <h2 id="over-time">Over the last 12 months</h2>
              <p className="chart-legend">
                <span className="chart-key chart-key--subscribers" /> Subscribers{' '}
                <span className="chart-key chart-key--members" /> Members
              </p>
              <table className="bar-chart">
                <caption className="visually-hidden">
                  Subscribers and members at each month's end
                </caption>
                <thead className="visually-hidden">
                  <tr>
                    <th scope="col">Month</th>
                    <th scope="col">Subscribers</th>
                    <th scope="col">Members</th>
                  </tr>
                </thead>
                <tbody>
                  {data.months.map((month) => (
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
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>

            <div className="members-grid">
              <section className="members-card" aria-labelledby="by-source">
                <h2 id="by-source">Sign-ups by source</h2>
                {data.signupsBySource.length === 0 ? (
                  <EmptyNote>
                    <p>No sign-ups yet.</p>
                  </EmptyNote>
                ) : (
                  <table className="members-table">
                    <tbody>
                      {data.signupsBySource.map((row) => (
                        <tr key={row.source}>
                          <th scope="row">{row.source}</th>
                          <td>{row.count}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </section>
              <section className="members-card" aria-labelledby="by-method">
                <h2 id="by-method">Members by sign-in method</h2>
                {data.membersByMethod.length === 0 ? (
                  <EmptyNote>
                    <p>No members yet.</p>
                  </EmptyNote>
                ) : (
                  <table className="members-table">
                    <tbody>
                      {data.membersByMethod.map((row) => (
                        <tr key={row.method}>
                          <th scope="row">{row.method}</th>
                          <td>{row.count}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </section>
            </div>
          </section>
        );
      }}
    </ResourceView>
  );
}
