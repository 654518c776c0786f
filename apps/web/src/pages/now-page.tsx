import { PlaceholderPage } from '../components/placeholder-page';

export default function NowPage() {
  return <PlaceholderPage title="Now" />;
}
