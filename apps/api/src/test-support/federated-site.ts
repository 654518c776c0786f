/**
 * The site with its fediverse account on a real loopback port, its job queue running (deliveries
 * out, activities in), for tests that talk to it from a peer server.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { createApp } from '../app.js';
import { syncContent } from '../modules/content/index.js';
import type { Logger } from '../logger.js';
import {
  createFediverse,
  type Fediverse,
  type FediverseOptions,
} from '../modules/fediverse/index.js';
import { createContentFolder, post } from './content.js';
import { startFediversePeer } from './fediverse-peer.js';
import { createTestApp, type cleanupAfterEach } from './test-app.js';

export type FederatedSite = ReturnType<typeof createTestApp> & {
  url: string;
  actorId: string;
  fediverse: Fediverse;
};

export async function startFederatedSite(
  env: Record<string, string> = {},
  { logger, ...options }: FediverseOptions & { logger?: Logger } = {},
): Promise<FederatedSite> {
  const server = http.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const t = createTestApp({
    env: { PUBLIC_URL: url, WEB_ORIGIN: url, FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true', ...env },
    deps: logger ? { logger } : {},
  });
  const fediverse = createFediverse(t.deps, options);
  const app = createApp({ ...t.deps, fediverse });
  server.on('request', app);
  fediverse.start();
  return {
    ...t,
    app,
    url,
    actorId: `${url}/ap/users/site`,
    fediverse,
    async cleanup() {
      await fediverse.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await t.cleanup();
    },
  };
}

/**
 * A federated site whose one post, "Small tools", is synced from its content folder, and a peer
 * server to reach it from; `track` is given what ends them both.
 */
export async function federatedSiteWithPost(track: ReturnType<typeof cleanupAfterEach>) {
  const folder = createContentFolder({ 'posts/small-tools.md': post('Small tools') });
  track(folder.cleanup);
  const s = await startFederatedSite({ CONTENT_DIR: folder.dir });
  track(() => s.cleanup());
  syncContent(s.deps.db, folder.dir, s.clock, s.deps.logger);
  const mastodon = await startFediversePeer();
  track(() => mastodon.close());
  const postId = s.deps.db
    .prepare(`SELECT id FROM content_items WHERE slug = 'small-tools'`)
    .pluck()
    .get() as number;
  return { s, mastodon, postId, postUrl: `${s.url}/posts/small-tools` };
}
