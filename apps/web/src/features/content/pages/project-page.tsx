import { PAGE_PATHS, pagePath, PROSE_IMAGE_SIZES, type Project } from '@quillpost/domain';
import { Link, useLoaderData } from 'react-router-dom';
import { itemErrorBoundary } from '../components/not-found-notice';
import { ProjectStack, ProjectStatus } from '../components/project-card';
import { ProseContent } from '../components/prose-content';
import { TagList } from '../components/tag-list';
import type { PageHandle, PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { required } from '../read-results';
import { useDates } from '../../../lib/use-dates';
import { ContentImage } from '../components/content-image';
import '../components/content.css';
import './project-page.css';

export const loader = async ({ reader, params }: PageLoaderArgs) =>
  required(await reader.project(params.slug ?? ''));

export const handle: PageHandle = { item: 'Project' };

export const meta: PageMetaFunction<typeof loader> = (project) => ({
  title: project.title,
  description: project.summary,
  path: pagePath('project', { slug: project.slug }),
  card: `/og/project/${project.slug}.png`,
});

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function ProjectDetails({ project }: { project: Project }) {
  const dates = useDates();
  return (
    <article className="project" aria-labelledby="project-title">
      <header className="project__header">
        <p className="page__eyebrow">
          <Link to={PAGE_PATHS.projects}>Projects</Link>
        </p>
        <h1 id="project-title">{project.title}</h1>
        <p className="page__lede">{project.summary}</p>
        <dl className="project__facts">
          <div>
            <dt>Status</dt>
            <dd>
              <ProjectStatus status={project.status} />
            </dd>
          </div>
          <div>
            <dt>Started</dt>
            <dd>
              <time dateTime={dates.contentDay(project.date)}>
                {dates.contentMonth(project.date)}
              </time>
            </dd>
          </div>
          {project.stack.length > 0 ? (
            <div>
              <dt>Built with</dt>
              <dd>
                <ProjectStack stack={project.stack} />
              </dd>
            </div>
          ) : null}
        </dl>
        {project.url || project.repository ? (
          <p className="project__links">
            {project.url ? (
              <a className="button button--primary" href={project.url} rel="noopener">
                Visit {hostOf(project.url)}
              </a>
            ) : null}
            {project.repository ? (
              <a className="button" href={project.repository} rel="noopener">
                Source code
              </a>
            ) : null}
          </p>
        ) : null}
      </header>
      {project.featured_image_url ? (
        <figure className="project__figure">
          <ContentImage
            src={project.featured_image_url}
            variants={project.featured_image_variants}
            alt={`Illustration for the ${project.title} project`}
            sizes={PROSE_IMAGE_SIZES}
            width={1200}
            height={630}
            priority
          />
        </figure>
      ) : null}
      <ProseContent html={project.content} />
      <div className="project__tags">
        <TagList tags={project.tags} />
      </div>
    </article>
  );
}

export default function ProjectPage() {
  const project = useLoaderData() as Project;
  return (
    <div className="page page--reading">
      <ProjectDetails project={project} />
    </div>
  );
}

export const ErrorBoundary = itemErrorBoundary({
  what: 'Project',
  backTo: PAGE_PATHS.projects,
  backLabel: 'See all projects',
});
