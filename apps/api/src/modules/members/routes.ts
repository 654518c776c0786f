import { MESSAGES } from '@quillpost/domain';
import { clearCookie, signedInUser } from '../auth/index.js';
import type { MountEndpoint } from '../../http/endpoints.js';
import {
  dashboard,
  eraseAccount,
  exportMemberData,
  readProfile,
  updateProfile,
} from './service.js';
import { isoNow } from '../../clock.js';
import type { CommunityDeps } from '../../deps.js';

const SESSION_COOKIE = 'qp_session';

export function memberRoutes(deps: CommunityDeps, mount: MountEndpoint): void {
  const { db, env } = deps;

  mount('dashboard', (req, res) => {
    const user = signedInUser(req);
    res.json({ success: true, ...dashboard(db, user.id, isoNow(deps.clock)) });
  });

  mount('profileGet', (req, res) => {
    const user = signedInUser(req);
    res.json({ success: true, profile: readProfile(db, user.id, isoNow(deps.clock)) });
  });

  mount('profileUpdate', (req, res, { body: input }) => {
    const user = signedInUser(req);
    const profile = updateProfile(db, user.id, input, isoNow(deps.clock));
    res.json({ success: true, message: MESSAGES.PROFILE_UPDATED, profile });
  });

  mount('dataExport', (req, res) => {
    const user = signedInUser(req);
    const data = exportMemberData(db, user.id, isoNow(deps.clock));
    const day = isoNow(deps.clock).slice(0, 10);
    res
      .set('Content-Disposition', `attachment; filename="my-data-${day}.json"`)
      .type('application/json')
      .send(JSON.stringify({ success: true, ...data }, null, 2));
  });

  // The body's `confirmDelete: true` is checked by the catalogue's schema before this runs.
  mount('accountDelete', (req, res) => {
    const user = signedInUser(req);
    eraseAccount(db, user.id, { actorId: user.id, now: isoNow(deps.clock) });
    // The session rows are gone already; this only tidies the browser.
    clearCookie(res, env, SESSION_COOKIE);
    res.json({ success: true, message: MESSAGES.ACCOUNT_DELETED });
  });
}
