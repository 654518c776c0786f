import { FixedPage } from '../components/fixed-page';
import { fixedPageLoader, fixedPageMeta } from '../fixed-page';
import { SubscribeCall } from '../components/subscribe-call';

export const loader = fixedPageLoader('start');
export const meta = fixedPageMeta('start');

export default function StartPage() {
  return <FixedPage eyebrow="About" after={<SubscribeCall source="start" />} />;
}
