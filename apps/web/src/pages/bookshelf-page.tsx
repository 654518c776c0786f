import { PlaceholderPage } from '../components/placeholder-page';

export default function BookshelfPage() {
  return <PlaceholderPage title="Bookshelf" />;
}
