/** GET /api/projects and GET /api/projects/{slug}. */
import type { Project } from '@quillpost/domain';
import { useApiResource } from '../../../lib/use-api-resource';
import { isProject, listOf, schemaOf } from './content-guards';

const projectListSchema = schemaOf(listOf(isProject));
const projectSchema = schemaOf(isProject);

export function useProjects() {
  return useApiResource<Project[]>('projects', (api, signal) =>
    api.get('/api/projects', { schema: projectListSchema, signal }),
  );
}

export function useProject(slug: string) {
  return useApiResource<Project>(`project:${slug}`, (api, signal) =>
    api.get(`/api/projects/${encodeURIComponent(slug)}`, { schema: projectSchema, signal }),
  );
}
