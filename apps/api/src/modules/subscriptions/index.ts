/**
 * The subscriptions module's public face: other modules (newsletter, auth, members, admin) use
 * these names rather than reaching into its files.
 *
 *   unsubscribeUrl(env, subscriber)          // RFC 8058 one-click URL for a subscriber's mail
 *   listUnsubscribeHeaders(env, subscriber)  // List-Unsubscribe + List-Unsubscribe-Post headers
 *   manageUrl(env, subscriber)               // the web app's /manage link with a manage token
 *   listDeliverable(db, section?)            // newsletter recipients: active, verified, not bounced
 *   isDeliverable(row, section?)             // the same rule for one row
 *   requesterEmail(req, deps)                // the address a manage token or the session proves
 */
export { hashIp, listConsents, recordConsent, type ConsentRecord } from './store/consent.js';
export {
  listUnsubscribeHeaders,
  manageUrl,
  signSubscriberToken,
  unsubscribeUrl,
  verificationUrl,
  type LinkSubject,
} from './links.js';
export {
  findByEmail,
  isDeliverable,
  listDeliverable,
  toSubscription,
} from './store/subscriptions.js';
export {
  confirmationCounts,
  insertConsentedSubscriber,
  signupsBySource,
  subscriberDetail,
  subscriberPage,
  subscribersAt,
  subscribersForExport,
  subscriberTotals,
} from './store/console.js';
export {
  subscriberIdByEmail,
  subscribersWithConsents,
  writeMovedSubscriber,
  type MovedConsent,
  type MovedSubscriber,
} from './store/moving.js';
export {
  manageTokenSubscriber,
  requesterEmail,
  requireOwnSubscription,
  type SessionEmailReader,
} from './requester.js';
export { oneClickUnsubscribeRoutes, subscriptionRoutes } from './routes.js';
export {
  activeSubscribersAfter,
  deliverableCountBySection,
  subscribersByIds,
  subscriptionsByStartPath,
  unsubscribedSince,
  unsubscriptionsBetween,
  type SubscriberEvent,
} from './store/audience.js';
export {
  claimSubscriptionAccount,
  deleteSubscription,
  exportSubscription,
  markBounced,
  subscribe,
  subscriptionsPersonalData,
  unsubscribe,
  type SubscriptionExport,
} from './service.js';
