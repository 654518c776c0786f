/**
 * The members area's own router, mounted at /members/*. Every page sits in MembersLayout, which
 * sends visitors to sign in and back; the owner's console is a lazy chunk of its own.
 */
import { PAGE_PATHS, pathWithin, type PageName } from '@quillpost/domain';
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

/** A members page's pattern below /members/*, where this router is mounted. */
const within = (name: PageName) => pathWithin('members', name);

export default function MembersRoutes() {
  return (
    <Routes>
      <Route element={<MembersLayout />}>
        <Route index element={<Navigate to={PAGE_PATHS.membersDashboard} replace />} />
        <Route path={within('membersDashboard')} element={<DashboardPage />} />
        <Route path={within('membersProfile')} element={<ProfilePage />} />
        <Route path={within('membersAccount')} element={<AccountPage />} />
        <Route path={within('membersBookmarks')} element={<BookmarksPage />} />
        <Route path={within('membersDiscussions')} element={<DiscussionsPage />} />
        <Route path={within('membersThread')} element={<ThreadPage kind="thread" />} />
        <Route path={within('membersPostDiscussion')} element={<ThreadPage kind="post" />} />
        <Route path={within('membersEvents')} element={<EventsPage />} />
        <Route path={within('membersDirectory')} element={<DirectoryPage />} />
        <Route path={within('membersModeration')} element={<ModerationPage />} />
        <Route path={within('membersConsole')} element={<AdminConsole />} />
        {/* Inactive menu entries (Courses, Progress) are not built: like any unknown path. */}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
