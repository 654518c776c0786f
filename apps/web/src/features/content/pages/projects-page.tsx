import { PAGE_PATHS, type Project } from '@quillpost/domain';
import { Link, useLoaderData } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { ProjectCard } from '../components/project-card';
import type { PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { required } from '../read-results';
import '../components/content.css';

export const loader = async ({ reader }: PageLoaderArgs) => required(await reader.projects());

export const meta: PageMetaFunction<typeof loader> = (_data, { site }) => ({
  title: 'Projects',
  description: `Software ${site.owner.name} builds and maintains, and what became of it.`,
  path: PAGE_PATHS.projects,
});

export default function ProjectsPage() {
  const projects = useLoaderData() as Project[];
  return (
    <div className="page">
      <PageHeader
        eyebrow={<Link to={PAGE_PATHS.build}>Build</Link>}
        title="Projects"
        lede="Things I have built and keep running. Small on purpose, and meant to last."
      />
      {projects.length > 0 ? (
        <ul className="project-grid">
          {projects.map((project) => (
            <li key={project.slug}>
              <ProjectCard project={project} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title="No projects to show yet" />
      )}
    </div>
  );
}
