import { pagePath, type Project } from '@quillpost/domain';
import { Link } from 'react-router-dom';
import { humanize } from '../utils/format';
import { CARD_IMAGE_SIZES, ContentImage } from './content-image';
import './projects.css';

export function ProjectStatus({ status }: { status: Project['status'] }) {
  return <span className={`status-badge status-badge--${status}`}>{humanize(status)}</span>;
}

export function ProjectStack({ stack }: { stack: readonly string[] }) {
  if (stack.length === 0) return null;
  return (
    <ul className="project-stack" aria-label="Built with">
      {stack.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** A project with its picture, summary, status and stack; the whole card opens it. */
export function ProjectCard({
  project,
  headingLevel = 2,
}: {
  project: Project;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="project-card">
      {project.featured_image_url ? (
        <ContentImage
          className="project-card__image"
          src={project.featured_image_url}
          variants={project.featured_image_variants}
          alt={`Illustration for the ${project.title} project`}
          sizes={CARD_IMAGE_SIZES}
          width={1200}
          height={630}
        />
      ) : null}
      <div className="project-card__body">
        <div className="project-card__top">
          <Heading className="project-card__title">
            <Link className="project-card__link" to={pagePath('project', { slug: project.slug })}>
              {project.title}
            </Link>
          </Heading>
          <ProjectStatus status={project.status} />
        </div>
        <p className="project-card__summary">{project.summary}</p>
        <ProjectStack stack={project.stack} />
      </div>
    </article>
  );
}
