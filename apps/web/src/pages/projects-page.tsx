import { Link } from 'react-router-dom';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { useProjects } from '../features/content/api/projects';
import { ProjectCard } from '../features/content/components/project-card';
import { ResourceView } from '../features/content/components/resource-view';
import { useDocumentMeta } from '../lib/document-meta';
import '../features/content/components/content.css';

export default function ProjectsPage() {
  useDocumentMeta({
    title: 'Projects',
    description:
      'Software Rowan Ellis builds and maintains: small, durable tools and the engine behind this site.',
  });
  const projects = useProjects();
  return (
    <div className="page">
      <PageHeader
        eyebrow={<Link to="/build">Build</Link>}
        title="Projects"
        lede="Things I have built and keep running. Small on purpose, and meant to last."
      />
      <ResourceView resource={projects} variant="rocket" label="Loading projects">
        {(list) =>
          list.length > 0 ? (
            <ul className="project-grid">
              {list.map((project) => (
                <li key={project.slug}>
                  <ProjectCard project={project} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState title="No projects to show yet" />
          )
        }
      </ResourceView>
    </div>
  );
}
