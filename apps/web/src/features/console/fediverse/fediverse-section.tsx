/**
 * Console → Fediverse (issue 38 item 6): the site as an account on the social web. Its handle
 * (changed in Console → Site), who follows it, replies from other servers waiting for the owner,
 * the accounts and domains blocked, and what became of each recent post's deliveries.
 */
import { pagePath } from '@quillpost/domain';
import { Link } from 'react-router-dom';
import { ResourceView } from '../../../components/resource-view';
import { plural } from '../../../lib/format';
import { useResource } from '../../../lib/use-resource';
import { useConsoleApi } from '../api/console-api';
import { BlocksPanel } from './blocks-panel';
import { DeliveriesList } from './deliveries-list';
import { FollowersList } from './followers-list';
import { HeldReplies } from './held-replies';
import './fediverse-section.css';

const SITE_SECTION = pagePath('membersConsole', { '*': 'site' });

export function FediverseSection() {
  const api = useConsoleApi();
  const overview = useResource('fediverse', (_client, signal) => api.fediverse({ signal }));
  const blocks = useResource('fediverse:blocks', (_client, signal) =>
    api.fediverseBlocks({ signal }),
  );

  // FEDERATION=off: the server has no social web, and says so rather than an error.
  if (overview.status === 'error' && overview.error.status === 404) {
    return (
      <section aria-label="Fediverse" className="fediverse">
        <p className="members-empty">
          The social web is off on this server (<code>FEDERATION=off</code>): nobody can follow the
          site from Mastodon or other servers, and no replies come from them.
        </p>
      </section>
    );
  }

  return (
    <section aria-label="Fediverse" className="fediverse">
      <ResourceView resource={overview} label="the fediverse account">
        {(data) => (
          <div className="members-card fediverse-account">
            <dl className="members-facts">
              <div>
                <dt>Handle</dt>
                <dd>
                  <code className="fediverse-handle">{data.handle}</code>
                </dd>
              </div>
              <div>
                <dt>Followers</dt>
                <dd>{data.followers.toLocaleString('en')}</dd>
              </div>
            </dl>
            <p className="muted">
              People on Mastodon and other servers find the site by searching for its handle, and
              follow it there; {plural(data.followers, 'account follows', 'accounts follow')} it
              now. <Link to={SITE_SECTION}>Change the handle in Console → Site</Link>.
            </p>
          </div>
        )}
      </ResourceView>
      <HeldReplies onBlocked={blocks.reload} />
      <FollowersList onBlocked={blocks.reload} />
      <BlocksPanel blocks={blocks} />
      <DeliveriesList />
    </section>
  );
}
