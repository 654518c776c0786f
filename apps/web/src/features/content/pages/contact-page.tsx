import { FixedPage } from '../components/fixed-page';
import { fixedPageLoader, fixedPageMeta } from '../fixed-page';

export const loader = fixedPageLoader('contact');
export const meta = fixedPageMeta('contact');

export default function ContactPage() {
  return <FixedPage eyebrow="Say hello" />;
}
