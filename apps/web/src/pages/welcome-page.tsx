import { PlaceholderPage } from '../components/placeholder-page';

export default function WelcomePage() {
  return <PlaceholderPage title="Welcome" />;
}
