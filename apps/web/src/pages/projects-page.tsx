import { PlaceholderPage } from '../components/placeholder-page';

export default function ProjectsPage() {
  return <PlaceholderPage title="Projects" />;
}
