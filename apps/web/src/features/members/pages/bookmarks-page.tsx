import { PAGE_PATHS, pagePath } from '@quillpost/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useDates } from '../../../lib/use-dates';
import { useMembersApi } from '../api/members-api';
import { PageTitle } from '../../../components/page-title';
import { ActionNotice, EmptyNote, ResourceView, noticeOf } from '../../../components/resource-view';
import { useResource } from '../../../lib/use-resource';

export default function BookmarksPage() {
  const dates = useDates();
  const api = useMembersApi();
  const bookmarks = useResource('bookmarks', (_client, signal) => api.bookmarks({ signal }));
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function remove(postId: string, title: string) {
    const result = await api.removeBookmark(postId);
    setNotice(noticeOf(result, `Removed “${title}” from your bookmarks.`));
    bookmarks.reload();
  }

  return (
    <>
      <PageTitle title="Your Bookmarks" lede="Posts you saved to read or read again." />
      <ActionNotice notice={notice} />
      <ResourceView resource={bookmarks} label="your bookmarks">
        {(data) =>
          data.bookmarks.length === 0 ? (
            <EmptyNote>
              <p>No bookmarks yet.</p>
              <p className="muted">
                Open any post and choose Bookmark to keep it here.{' '}
                <Link to={PAGE_PATHS.blog}>Browse the blog</Link>.
              </p>
            </EmptyNote>
          ) : (
            <ul className="members-rows members-rows--cards">
              {data.bookmarks.map((bookmark) => (
                <li key={bookmark.postId} className="members-row members-card">
                  <span className="members-row__main">
                    <Link
                      className="members-row__title"
                      to={pagePath('post', { slug: bookmark.slug })}
                    >
                      {bookmark.title}
                    </Link>
                    {bookmark.excerpt ? (
                      <span className="members-row__meta">{bookmark.excerpt}</span>
                    ) : null}
                    <span className="muted members-row__meta">
                      Published {dates.calendarDay(bookmark.date)} · saved{' '}
                      {dates.date(bookmark.bookmarkedAt)}
                    </span>
                  </span>
                  <span className="members-row__actions">
                    <button
                      type="button"
                      className="button button--quiet"
                      onClick={() => void remove(bookmark.postId, bookmark.title)}
                    >
                      Remove <span className="visually-hidden">“{bookmark.title}”</span>
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </ResourceView>
    </>
  );
}
