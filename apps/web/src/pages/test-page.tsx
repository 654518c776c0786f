import { PlaceholderPage } from '../components/placeholder-page';

export default function TestPage() {
  return <PlaceholderPage title="Test" />;
}
