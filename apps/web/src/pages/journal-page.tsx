import { PlaceholderPage } from '../components/placeholder-page';

export default function JournalPage() {
  return <PlaceholderPage title="Journal" />;
}
