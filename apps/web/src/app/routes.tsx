/**
 * The route table of spec section 2. Every page is its own lazy chunk; the layout's Suspense
 * boundary shows 'Loading page...' while one loads. Page modules live in src/pages and default-
 * export their component. bench/bundle-size.mjs reads this file to label chunks by route, so
 * keep one `const X = lazy(() => import('...'))` per line and `<Route path="..." element={<X`.
 */
import { USER_MENU_DASHBOARD_PATH, MEMBERS_DASHBOARD_PATH } from '@quillpost/domain';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PageLoading } from '../components/page-loading';
import { SiteLayout } from './layout/site-layout';

const HomePage = lazy(() => import('../pages/home-page'));
const StartPage = lazy(() => import('../pages/start-page'));
const WelcomePage = lazy(() => import('../pages/welcome-page'));
const TestPage = lazy(() => import('../pages/test-page'));
const SignedUpPage = lazy(() => import('../pages/signed-up-page'));
const ManagePage = lazy(() => import('../pages/manage-page'));
const BlogPage = lazy(() => import('../pages/blog-page'));
const PostPage = lazy(() => import('../pages/post-page'));
const NowPage = lazy(() => import('../pages/now-page'));
const NowArchivesPage = lazy(() => import('../pages/now-archives-page'));
const JournalPage = lazy(() => import('../pages/journal-page'));
const PoetryPage = lazy(() => import('../pages/poetry-page'));
const BookshelfPage = lazy(() => import('../pages/bookshelf-page'));
const ReadingListPage = lazy(() => import('../pages/reading-list-page'));
const BookPage = lazy(() => import('../pages/book-page'));
const BooksArrayPage = lazy(() => import('../pages/books-array-page'));
const CategoryPage = lazy(() => import('../pages/category-page'));
const HubPage = lazy(() => import('../pages/hub-page'));
const ProjectsPage = lazy(() => import('../pages/projects-page'));
const ProjectPage = lazy(() => import('../pages/project-page'));
const AuthCallbackPage = lazy(() => import('../pages/auth-callback-page'));
const MembersRoutes = lazy(() => import('../features/members/members-routes'));
const TosPage = lazy(() => import('../pages/tos-page'));
const PrivacyPage = lazy(() => import('../pages/privacy-page'));
const ContactPage = lazy(() => import('../pages/contact-page'));
const LinksPage = lazy(() => import('../pages/links-page'));
const NotFoundPage = lazy(() => import('../pages/not-found-page'));

export function AppRoutes() {
  return (
    <Routes>
      {/* /links stands alone: no header, no footer. */}
      <Route
        path="/links"
        element={
          <Suspense fallback={<PageLoading />}>
            <LinksPage />
          </Suspense>
        }
      />
      <Route element={<SiteLayout />}>
        <Route path="/" element={<HomePage />} />
        <Route path="/start" element={<StartPage />} />
        <Route path="/welcome" element={<WelcomePage />} />
        <Route path="/test" element={<TestPage />} />
        <Route path="/signedup" element={<SignedUpPage />} />
        <Route path="/manage" element={<ManagePage />} />
        <Route path="/blog" element={<BlogPage />} />
        <Route path="/posts/:slug" element={<PostPage />} />
        <Route path="/now" element={<NowPage />} />
        <Route path="/nowArchives/*" element={<NowArchivesPage />} />
        <Route path="/journal" element={<JournalPage />} />
        <Route path="/poetry" element={<PoetryPage />} />
        <Route path="/bookshelf" element={<BookshelfPage />} />
        <Route path="/list" element={<ReadingListPage />} />
        <Route path="/books/:slug" element={<BookPage />} />
        <Route path="/books-array" element={<BooksArrayPage />} />
        <Route path="/category/*" element={<CategoryPage />} />
        <Route path="/build" element={<HubPage hub="build" />} />
        <Route path="/learn" element={<HubPage hub="learn" />} />
        <Route path="/write" element={<HubPage hub="write" />} />
        <Route path="/projects" element={<ProjectsPage />} />
        <Route path="/projects/:slug" element={<ProjectPage />} />
        <Route path="/auth/callback" element={<AuthCallbackPage />} />
        <Route path="/members/*" element={<MembersRoutes />} />
        <Route
          path={USER_MENU_DASHBOARD_PATH}
          element={<Navigate to={MEMBERS_DASHBOARD_PATH} replace />}
        />
        <Route path="/tos" element={<TosPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
