/**
 * The account's addresses, apart from Fedify (federation.ts loads it; the module's face must not):
 * one actor, fixed, so a new handle keeps the same actor.
 */
/** The one actor's identifier in its addresses. */
export const SITE_ACTOR = 'site';

export const FEDERATION_PATHS = {
  actor: '/ap/users/{identifier}',
  inbox: '/ap/users/{identifier}/inbox',
  sharedInbox: '/ap/inbox',
  outbox: '/ap/users/{identifier}/outbox',
  followers: '/ap/users/{identifier}/followers',
  nodeInfo: '/nodeinfo/2.1',
} as const;

/** The one actor's own address. */
export const SITE_ACTOR_PATH = FEDERATION_PATHS.actor.replace('{identifier}', SITE_ACTOR);
