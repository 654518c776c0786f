import { FixedPage } from '../components/fixed-page';
import { fixedPageLoader, fixedPageMeta } from '../fixed-page';

export const loader = fixedPageLoader('privacy');
export const meta = fixedPageMeta('privacy');

export default function PrivacyPage() {
  return <FixedPage eyebrow="The small print" />;
}
