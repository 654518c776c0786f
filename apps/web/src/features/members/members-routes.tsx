/**
 * The members area's own router, mounted at /members/*. Placeholder pages until the members
 * feature lands; paths and labels come from the domain's member menu.
 */
import { memberMenuItems, MEMBERS_DASHBOARD_PATH } from '@quillpost/domain';
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PlaceholderPage } from '../../components/placeholder-page';

const MEMBER_PREFIX = '/members/';

const NotFoundPage = lazy(() => import('../../pages/not-found-page'));

export default function MembersRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to={MEMBERS_DASHBOARD_PATH} replace />} />
      {memberMenuItems({ includeInactive: true }).map((item) => (
        <Route
          key={item.path}
          path={item.path.slice(MEMBER_PREFIX.length)}
          element={<PlaceholderPage eyebrow="Members" title={item.label} />}
        />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
