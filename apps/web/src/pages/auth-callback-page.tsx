import { PlaceholderPage } from '../components/placeholder-page';

export default function AuthCallbackPage() {
  return <PlaceholderPage title="Signing you in" />;
}
