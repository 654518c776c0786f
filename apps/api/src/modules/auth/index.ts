/**
 * The auth module's public face. Other modules import from here, never from its files:
 *
 *   app.use(loadSession(deps))              // once, in app.ts, before every router
 *   endpointMounter(router, { requirePermission })  // each endpoint's catalogue permission:
 *                                           // 401 signed out, 403 lacking it
 *   const user = currentUser(req)           // SessionUser | null, fresh from the DB
 */
export {
  currentLevel,
  currentSession,
  currentUser,
  loadSession,
  requirePermission,
  signedInFromHeaders,
  signedInUser,
} from './middleware.js';
export {
  findUserById,
  liftUserBan,
  liveAccountsByIds,
  liveMemberCount,
  membersAt,
  membersByMethod,
  peopleByIds,
  replyEmailsWanted,
  userLinkKey,
  setReplyEmails,
  setUserName,
  userListRow,
  userPage,
  type MemberAccount,
  type UserListRow,
  type PersonOnRecord,
} from './store.js';
export { authPersonalData } from './personal-data.js';
export { isMemberHere, membersForExport, restoreMember, type MovedMember } from './store.js';
export type { AuthState, CurrentSession, SessionDeps, SessionUser } from './session.js';
export { banUser, setUserRole } from './service.js';
export { sessionEmail } from './routes.js';
export { createAuthModule, type AuthModule, type AuthModuleOptions } from './module.js';

// For the oauth module: signing in, cookies and the popup page share these.
export { clearCookie, cookieName, cookieOptions, readCookie, setCookie } from './cookies.js';
export { startSession } from './session.js';
export {
  linkProviderToUser,
  userForProvider,
  type IdentityOutcome,
  type ProviderProfile,
} from './service.js';
export { authUserOf } from './routes.js';
export { accountsByStartPath } from './store.js';
export { sendPopupResult } from './pages.js';
