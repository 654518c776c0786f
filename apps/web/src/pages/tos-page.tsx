import { PlaceholderPage } from '../components/placeholder-page';

export default function TosPage() {
  return <PlaceholderPage title="Terms of Service" />;
}
