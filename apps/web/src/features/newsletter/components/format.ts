import type { NewsletterIssueStatus, NewsletterSection } from '@quillpost/domain';

export const STATUS_LABELS: Record<NewsletterIssueStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  paused: 'Paused',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

export const SECTION_LABELS: Record<NewsletterSection, string> = {
  build: 'Build',
  learn: 'Learn',
  write: 'Write',
  journal: 'Journal',
  poetry: 'Poetry',
};
