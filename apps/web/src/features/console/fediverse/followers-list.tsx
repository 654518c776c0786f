import { useId, useState } from 'react';
import type { FediverseFollower } from '@quillpost/domain';
import { PagedView } from '../../../components/paged-view';
import { useDates } from '../../../lib/use-dates';
import { useResource } from '../../../lib/use-resource';
import { useConsoleApi } from '../api/console-api';
import { BlockButtons, domainOf } from './block-buttons';

function FollowerRow({ follower, onBlocked }: { follower: FediverseFollower; onBlocked(): void }) {
  const dates = useDates();
  const id = useId();
  return (
    <tr>
      <td id={`${id}-who`}>
        <a href={follower.url} rel="nofollow noopener noreferrer">
          {follower.name}
        </a>
        {/* The handle names the server too; without one, the server alone. */}
        {follower.handle !== follower.name ? (
          <span className="members-table__note">{follower.handle ?? follower.instance}</span>
        ) : null}
      </td>
      <td className="fediverse-followers__since">{dates.date(follower.followedAt)}</td>
      <td>
        <div className="fediverse-row-actions">
          <BlockButtons
            account={follower.handle ?? follower.url}
            domain={domainOf(follower.url)}
            describedBy={`${id}-who`}
            onBlocked={onBlocked}
          />
        </div>
      </td>
    </tr>
  );
}

/** Who follows the site, newest first, a page at a time. */
export function FollowersList({ onBlocked }: { onBlocked(): void }) {
  const api = useConsoleApi();
  const [page, setPage] = useState(1);
  const followers = useResource(`fediverse:followers:${page}`, (_client, signal) =>
    api.fediverseFollowers(page, { signal }),
  );
  return (
    <section className="fediverse-part" aria-labelledby="fediverse-followers">
      <h2 id="fediverse-followers" className="analytics__heading">
        Followers
      </h2>
      <PagedView
        resource={followers}
        label="followers"
        empty={<p>Nobody follows the site from the fediverse yet.</p>}
        onPage={setPage}
      >
        {(data) => (
          <div className="table-scroll">
            <table className="members-table members-table--stack fediverse-followers">
              <thead>
                <tr>
                  <th scope="col">Account</th>
                  <th scope="col">Followed since</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((follower) => (
                  <FollowerRow key={follower.id} follower={follower} onBlocked={onBlocked} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedView>
    </section>
  );
}
