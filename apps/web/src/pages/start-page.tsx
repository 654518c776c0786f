import { PlaceholderPage } from '../components/placeholder-page';

export default function StartPage() {
  return <PlaceholderPage title="Start Here" />;
}
