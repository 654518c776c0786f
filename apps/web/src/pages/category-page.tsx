import { PlaceholderPage } from '../components/placeholder-page';

export default function CategoryPage() {
  return <PlaceholderPage title="Category" />;
}
