import { PlaceholderPage } from '../components/placeholder-page';

export default function ManagePage() {
  return <PlaceholderPage title="Manage your subscription" />;
}
