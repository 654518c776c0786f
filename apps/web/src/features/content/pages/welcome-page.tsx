import { FixedPage } from '../components/fixed-page';
import { fixedPageLoader, fixedPageMeta } from '../fixed-page';

export const loader = fixedPageLoader('welcome');
export const meta = fixedPageMeta('welcome');

export default function WelcomePage() {
  return <FixedPage eyebrow="Hello" />;
}
