import type { SubscriberFilter } from '@quillpost/domain';

/** A subscriber's state as the console names it, in the list's filters and badges. */
export const STATUS_LABELS: Record<SubscriberFilter, string> = {
  pending: 'Pending',
  active: 'Active',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
};
