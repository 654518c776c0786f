import type { Site } from '@quillpost/domain';
import { useRouteLoaderData } from 'react-router-dom';

const NO_SITE: Site = { socialProfiles: [] };

/** The root route's data (GET /api/site): the owner's profiles, for the frame of every page. */
export function useSite(): Site {
  return (useRouteLoaderData('root') as Site | undefined) ?? NO_SITE;
}
