import { PlaceholderPage } from '../components/placeholder-page';

export default function PoetryPage() {
  return <PlaceholderPage title="Poetry" />;
}
