import { PlaceholderPage } from '../components/placeholder-page';

export default function ReadingListPage() {
  return <PlaceholderPage title="Reading list" />;
}
