import { PlaceholderPage } from '../components/placeholder-page';

export default function ProjectPage() {
  return <PlaceholderPage title="Project" />;
}
