import { PlaceholderPage } from '../components/placeholder-page';

export default function BlogPage() {
  return <PlaceholderPage title="Blog" />;
}
