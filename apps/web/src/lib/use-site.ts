import { NO_SITE, type Site } from '@quillpost/domain';
import { useRouteLoaderData } from 'react-router-dom';

/** The root route's data (GET /api/site): the owner's profiles, for the frame of every page. */
export function useSite(): Site {
  return (useRouteLoaderData('root') as Site | undefined) ?? NO_SITE;
}
