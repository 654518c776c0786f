import { PlaceholderPage } from '../components/placeholder-page';

export default function BookPage() {
  return <PlaceholderPage title="Book" />;
}
