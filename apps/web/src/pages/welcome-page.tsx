import { FixedPage } from '../features/content/components/fixed-page';

export default function WelcomePage() {
  return <FixedPage eyebrow="Hello" />;
}
