import { FixedPage } from '../features/content/components/fixed-page';
import { SubscribeCall } from '../features/content/components/subscribe-call';

export default function StartPage() {
  return <FixedPage eyebrow="About" after={<SubscribeCall source="start" />} />;
}
