import { directoryEntries } from '../members/index.js';
import { readSettings } from '../settings/index.js';
import type { MountEndpoint } from '../../http/endpoints.js';
import { isoNow } from '../../clock.js';
import type { CommunityDeps } from '../../deps.js';

export function directoryRoutes(deps: CommunityDeps, mount: MountEndpoint): void {
  const { db } = deps;
  mount('directory', (req, res, { query }) => {
    const { q } = query;
    const open = readSettings(db).directoryOpen;
    res.json({
      success: true,
      open,
      members: open ? directoryEntries(db, q, isoNow(deps.clock)) : [],
    });
  });
}
