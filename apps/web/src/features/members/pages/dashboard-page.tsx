import {
  canModerate,
  MESSAGES,
  messageTemplates,
  nameToCall,
  PAGE_PATHS,
  pagePath,
  ROLE_LABELS,
  staffLinks,
} from '@quillpost/domain';
import { Link } from 'react-router-dom';
import { useMembership } from '../../../lib/membership/membership-context';
import { useSite } from '../../../lib/use-site';
import { useDates } from '../../../lib/use-dates';
import { useMembersApi } from '../api/members-api';
import { EventWhen } from '../../../components/event-card';
import { PageTitle } from '../../../components/page-title';
import { EmptyNote, ResourceView } from '../../../components/resource-view';
import { useResource } from '../../../lib/use-resource';

function greeting(hour: number): string {
  if (hour < 5) return 'Good evening';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

export default function DashboardPage() {
  const dates = useDates();
  const membership = useMembership();
  const api = useMembersApi();
  const dashboard = useResource('dashboard', (_client, signal) => api.dashboard({ signal }));
  const ownerName = useSite().owner.name;
  const user = membership.state.user;
  const level = membership.state.level;
  // By name when there is one (the profile's, the one given when subscribing, or for the owner
  // site.yml's); an address is not a way to greet anyone.
  const name = user && nameToCall(user, level, ownerName);
  // Staff run the site: no reader's newsletter status, and their next step is the console.
  const staff = user !== null && canModerate(level);
  const [mainStaffLink] = staffLinks(level);

  return (
    <>
      <PageTitle
        title={MESSAGES.DASHBOARD}
        lede={`${greeting(new Date().getHours())}${name ? `, ${name}` : ''}.`}
        description="Your overview of the members area."
      />
      <dl className="member-status">
        <div>
          <dt>Role</dt>
          <dd>{ROLE_LABELS[level]}</dd>
        </div>
        {staff ? null : (
          <div>
            <dt>Status</dt>
            <dd>{messageTemplates.memberStatus(user?.subscription_status)}</dd>
          </div>
        )}
      </dl>

      <ResourceView resource={dashboard} label="your dashboard">
        {(data) => (
          <>
            {data.announcement ? (
              <p className="alert members-announcement" role="note">
                <span>{data.announcement}</span>
              </p>
            ) : null}
            {data.warnings.map((warning) => (
              <div className="alert alert--error" key={warning.createdAt} role="note">
                <p>
                  <strong>A note from the moderators</strong> ({dates.date(warning.createdAt)}):{' '}
                  {warning.reason}
                </p>
              </div>
            ))}
            <section className="members-card members-next-step" aria-labelledby="next-step">
              <h2 id="next-step">Next step</h2>
              {staff && mainStaffLink ? (
                <p>
                  <Link to={mainStaffLink.path}>{mainStaffLink.label}</Link>:{' '}
                  {mainStaffLink.description}.
                </p>
              ) : membership.nextStep ? (
                <p>{membership.nextStep}</p>
              ) : !data.profileComplete ? (
                <p>
                  Add your name and a short bio to{' '}
                  <Link to={PAGE_PATHS.membersProfile}>your profile</Link> so other members know who
                  you are.
                </p>
              ) : (
                <p>
                  Say hello in <Link to={PAGE_PATHS.membersDiscussions}>the discussions</Link>, or
                  see what is on at <Link to={PAGE_PATHS.membersEvents}>the next event</Link>.
                </p>
              )}
            </section>

            <div className="members-grid">
              <section className="members-card" aria-labelledby="recent-bookmarks">
                <h2 id="recent-bookmarks">Recent bookmarks</h2>
                {data.bookmarks.length === 0 ? (
                  <EmptyNote>
                    <p>Nothing saved yet. Use Bookmark on any post to keep it here.</p>
                  </EmptyNote>
                ) : (
                  <ul className="members-list">
                    {data.bookmarks.map((bookmark) => (
                      <li key={bookmark.postId}>
                        <Link to={pagePath('post', { slug: bookmark.slug })}>{bookmark.title}</Link>
                      </li>
                    ))}
                  </ul>
                )}
                <Link className="members-card__more" to={PAGE_PATHS.membersBookmarks}>
                  All bookmarks
                </Link>
              </section>

              <section className="members-card" aria-labelledby="newest-posts">
                <h2 id="newest-posts">Newest posts</h2>
                {data.posts.length === 0 ? (
                  <EmptyNote>
                    <p>No posts yet.</p>
                  </EmptyNote>
                ) : (
                  <ul className="members-list">
                    {data.posts.map((post) => (
                      <li key={post.id}>
                        <Link to={pagePath('post', { slug: post.slug })}>{post.title}</Link>
                        <span className="muted"> · {dates.calendarDay(post.date)}</span>
                      </li>
                    ))}
                  </ul>
                )}
                <Link className="members-card__more" to={PAGE_PATHS.blog}>
                  The blog
                </Link>
              </section>

              <section className="members-card" aria-labelledby="next-events">
                <h2 id="next-events">Next events</h2>
                {data.events.length === 0 ? (
                  <EmptyNote>
                    <p>No events planned right now.</p>
                  </EmptyNote>
                ) : (
                  <ul className="members-list">
                    {data.events.map((event) => (
                      <li key={event.id}>
                        <strong>{event.title}</strong>
                        <EventWhen event={event} />
                      </li>
                    ))}
                  </ul>
                )}
                <Link className="members-card__more" to={PAGE_PATHS.membersEvents}>
                  All events
                </Link>
              </section>
            </div>
          </>
        )}
      </ResourceView>
    </>
  );
}
