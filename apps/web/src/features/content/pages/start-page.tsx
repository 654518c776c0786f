import { FixedPage } from '../components/fixed-page';
import { SubscribeCall } from '../components/subscribe-call';

export default function StartPage() {
  return <FixedPage eyebrow="About" after={<SubscribeCall source="start" />} />;
}
