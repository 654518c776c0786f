import { FixedPage } from '../components/fixed-page';
import { fixedPageLoader, fixedPageMeta } from '../fixed-page';

export const loader = fixedPageLoader('tos');
export const meta = fixedPageMeta('tos');

export default function TosPage() {
  return <FixedPage eyebrow="The small print" />;
}
