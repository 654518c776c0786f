/** GET /api/journal: journal entries, newest first. */
import type { JournalEntry } from '@quillpost/domain';
import { useApiResource } from '../../../lib/use-api-resource';
import { isJournalEntry, listOf, schemaOf } from './content-guards';

const journalSchema = schemaOf(listOf(isJournalEntry));

export function useJournal() {
  return useApiResource<JournalEntry[]>('journal', (api, signal) =>
    api.get('/api/journal', { schema: journalSchema, signal }),
  );
}
