/**
 * The personal-data registry: every module that holds rows about a person, in the order an
 * erasure runs them. The account goes last: its tombstone keeps the id other rows point at.
 * personal-data.test.ts fails when a `person` table of any store is covered by no holder here.
 */
import { outboxPersonalData } from '../../mail/outbox.js';
import type { PersonalDataHolder } from '../../personal-data.js';
import { authPersonalData } from '../auth/index.js';
import { bookmarksPersonalData } from '../bookmarks/index.js';
import { discussionsPersonalData } from '../discussions/index.js';
import { eventsPersonalData } from '../events/index.js';
import { moderationPersonalData } from '../moderation/index.js';
import { newsletterPersonalData } from '../newsletter/index.js';
import { notificationsPersonalData } from '../notifications/index.js';
import { relayEventsPersonalData } from '../relay-events/index.js';
import { subscriptionsPersonalData } from '../subscriptions/index.js';
import { profilePersonalData } from './profile.js';

export const PERSONAL_DATA: readonly PersonalDataHolder[] = [
  profilePersonalData,
  bookmarksPersonalData,
  eventsPersonalData,
  discussionsPersonalData,
  notificationsPersonalData,
  moderationPersonalData,
  newsletterPersonalData,
  relayEventsPersonalData,
  subscriptionsPersonalData,
  outboxPersonalData,
  authPersonalData,
];
