/** GET /api/categories: the build, learn and write categories with their sub-categories. */
import type { Category } from '@quillpost/domain';
import { useApiResource } from '../../../lib/use-api-resource';
import { isCategory, listOf, schemaOf } from './content-guards';

const categoryListSchema = schemaOf(listOf(isCategory));

export function useCategories() {
  return useApiResource<Category[]>('categories', (api, signal) =>
    api.get('/api/categories', { schema: categoryListSchema, signal }),
  );
}
