/**
 * The members area's own router, mounted at /members/*. Every page sits in MembersLayout, which
 * sends visitors to sign in and back; the owner's console is a lazy chunk of its own.
 */
import { MEMBERS_DASHBOARD_PATH } from '@quillpost/domain';
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { MembersLayout } from './components/members-layout';
import AccountPage from './pages/account-page';
import BookmarksPage from './pages/bookmarks-page';
import DashboardPage from './pages/dashboard-page';
import DirectoryPage from './pages/directory-page';
import DiscussionsPage from './pages/discussions-page';
import EventsPage from './pages/events-page';
import ProfilePage from './pages/profile-page';
import ThreadPage from './pages/thread-page';

const ModerationPage = lazy(() => import('./pages/moderation-page'));
const AdminConsole = lazy(() => import('./console/admin-console'));
const NotFoundPage = lazy(() =>
  import('../content').then(({ NotFoundPage }) => ({ default: NotFoundPage })),
);

export default function MembersRoutes() {
  return (
    <Routes>
      <Route element={<MembersLayout />}>
        <Route index element={<Navigate to={MEMBERS_DASHBOARD_PATH} replace />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="bookmarks" element={<BookmarksPage />} />
        <Route path="discussions" element={<DiscussionsPage />} />
        <Route path="discussions/threads/:threadId" element={<ThreadPage kind="thread" />} />
        <Route path="discussions/posts/:postId" element={<ThreadPage kind="post" />} />
        <Route path="events" element={<EventsPage />} />
        <Route path="members" element={<DirectoryPage />} />
        <Route path="moderation/*" element={<ModerationPage />} />
        <Route path="admin/*" element={<AdminConsole />} />
        {/* Inactive menu entries (Courses, Progress) are not built: like any unknown path. */}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
