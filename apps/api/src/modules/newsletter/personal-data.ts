/** What the newsletter holds about a person: which issues went to their address. */
import type { PersonalDataHolder } from '../../personal-data.js';
import { deleteRecipientsByEmail, issuesMailedTo } from './store/recipients.js';

export const newsletterPersonalData: PersonalDataHolder = {
  tables: ['newsletter_recipients'],
  export: (db, { provenEmail }) => ({
    newsletterIssuesReceived: provenEmail ? issuesMailedTo(db, provenEmail) : [],
  }),
  erase: (db, { provenEmail }) => {
    if (provenEmail) deleteRecipientsByEmail(db, provenEmail);
  },
};
