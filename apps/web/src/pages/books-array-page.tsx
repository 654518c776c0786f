import { PlaceholderPage } from '../components/placeholder-page';

export default function BooksArrayPage() {
  return <PlaceholderPage title="Books" />;
}
