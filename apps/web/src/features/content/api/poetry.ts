/** GET /api/poetry: poems, newest first; their HTML keeps line breaks as <br>. */
import type { Poem } from '@quillpost/domain';
import { useApiResource } from '../../../lib/use-api-resource';
import { isPoem, listOf, schemaOf } from './content-guards';

const poemListSchema = schemaOf(listOf(isPoem));

export function usePoems() {
  return useApiResource<Poem[]>('poetry', (api, signal) =>
    api.get('/api/poetry', { schema: poemListSchema, signal }),
  );
}
