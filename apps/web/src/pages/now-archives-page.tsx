import { PlaceholderPage } from '../components/placeholder-page';

export default function NowArchivesPage() {
  return <PlaceholderPage title="Now: archives" />;
}
