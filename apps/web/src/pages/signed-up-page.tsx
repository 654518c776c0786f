import { PlaceholderPage } from '../components/placeholder-page';

export default function SignedUpPage() {
  return <PlaceholderPage title="You're subscribed" />;
}
