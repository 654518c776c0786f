import { EmptyNote, ResourceView } from '../../../components/resource-view';
import { plural } from '../../../lib/format';
import { useDates } from '../../../lib/use-dates';
import { useResource } from '../../../lib/use-resource';
import { useConsoleApi } from '../api/console-api';

/** Per recent post: how many servers took it, and which refused it the last time, with what. */
export function DeliveriesList() {
  const api = useConsoleApi();
  const dates = useDates();
  const deliveries = useResource('fediverse:deliveries', (_client, signal) =>
    api.fediverseDeliveries({ signal }),
  );
  return (
    <section className="fediverse-part" aria-labelledby="fediverse-deliveries">
      <h2 id="fediverse-deliveries" className="analytics__heading">
        Posts delivered
      </h2>
      <ResourceView resource={deliveries} label="deliveries">
        {(data) =>
          data.items.length === 0 ? (
            <EmptyNote>
              <p>
                No post has gone out yet: a post published while the site has followers is sent to
                each of their servers.
              </p>
            </EmptyNote>
          ) : (
            <ul className="members-rows fediverse-deliveries">
              {data.items.map((item) => (
                <li key={item.post.path} className="members-row">
                  <div className="members-row__main">
                    <a className="members-row__title" href={item.post.path}>
                      {item.post.title}
                    </a>
                    <span className="members-row__meta muted">
                      Delivered to {plural(item.deliveredTo, 'server')}
                      {item.failures.length
                        ? ` · ${plural(item.failures.length, 'failure')}, retried`
                        : ''}
                    </span>
                  </div>
                  {item.failures.length ? (
                    <ul
                      className="fediverse-failures"
                      aria-label={`Failures of ${item.post.title}`}
                    >
                      {item.failures.map((failure) => (
                        <li key={failure.server}>
                          <strong>{failure.server}</strong>: {failure.error}{' '}
                          <span className="muted">
                            (
                            <time dateTime={failure.failedAt}>
                              {dates.dateTime(failure.failedAt)}
                            </time>
                            )
                          </span>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          )
        }
      </ResourceView>
    </section>
  );
}
