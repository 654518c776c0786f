/**
 * The owner's console, a lazy chunk of its own: writing, users and roles, subscribers, the
 * newsletter, analytics, events, the fediverse, the site, moving in and settings. Each section shows only with its permission (the API checks it too).
 */
import { CONSOLE_SECTIONS, pagePath } from '@quillpost/domain';
import { lazy, Suspense } from 'react';
import { NavLink, Navigate, useNavigate, useParams } from 'react-router-dom';
import { Field } from '../../../components/field';
import { PageTitle } from '../../../components/page-title';
import { useCan } from '../../../lib/permissions';
import { AnalyticsSection } from '../analytics-section';
import { EventsSection } from '../events-section';
import { FediverseSection } from '../fediverse/fediverse-section';
import { MovingSection } from '../moving-section';
import { SettingsSection } from '../settings-section';
import { SiteSection } from '../site-section';
import { SubscribersSection } from '../subscribers-section';
import { UsersSection } from '../users-section';
import './console-page.css';

/** Absolute: relative links inside a splat route (admin/*) resolve against the whole URL. */
const sectionPath = (section: string) => pagePath('membersConsole', { '*': section });

// The editor (issue 24), its own lazy chunk; CodeMirror is a later one still.
const WritingConsole = lazy(() =>
  import('../../writing').then(({ WritingConsole }) => ({ default: WritingConsole })),
);

// The newsletter feature's page (issue 8), its own lazy chunk.
const NewsletterConsole = lazy(() =>
  import('../../newsletter').then(({ NewsletterConsole }) => ({ default: NewsletterConsole })),
);

const ELEMENTS = {
  writing: (
    <Suspense fallback={<p role="status">Loading your writing…</p>}>
      <WritingConsole />
    </Suspense>
  ),
  users: <UsersSection />,
  subscribers: <SubscribersSection />,
  newsletter: (
    <Suspense fallback={<p role="status">Loading the newsletter…</p>}>
      <NewsletterConsole />
    </Suspense>
  ),
  analytics: <AnalyticsSection />,
  events: <EventsSection />,
  fediverse: <FediverseSection />,
  site: <SiteSection />,
  moving: <MovingSection />,
  settings: <SettingsSection />,
} as const;

export default function ConsolePage() {
  const can = useCan();
  const navigate = useNavigate();
  const sections = CONSOLE_SECTIONS.filter((section) => can(section.permission));
  // The section is the rest of the path; an unknown or forbidden one opens the first allowed.
  const rest = useParams()['*'];
  const current = sections.find((section) => section.path === rest);
  return (
    <>
      <PageTitle
        title="Console"
        lede="Your writing, users, subscribers, the newsletter, numbers, events and settings."
      />
      {sections.length === 0 ? (
        <p className="alert alert--error" role="alert">
          You do not have permission to use the console.
        </p>
      ) : (
        <>
          {/* A phone gets one picker: the members area's menu is a strip of its own already. */}
          <Field id="console-section" label="Console section" className="console-picker">
            {(control) => (
              <select
                {...control}
                className="field__input"
                value={current?.path ?? ''}
                onChange={(event) => navigate(sectionPath(event.target.value))}
              >
                {sections.map((section) => (
                  <option key={section.path} value={section.path}>
                    {section.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <nav className="members-tabs console-tabs" aria-label="Console">
            {sections.map((section) => (
              <NavLink
                key={section.path}
                to={sectionPath(section.path)}
                className="members-tabs__link"
              >
                {section.label}
              </NavLink>
            ))}
          </nav>
          {current ? (
            ELEMENTS[current.path]
          ) : (
            <Navigate to={sectionPath(sections[0]!.path)} replace />
          )}
        </>
      )}
    </>
  );
}
