import { FixedPage } from '../components/fixed-page';

export default function WelcomePage() {
  return <FixedPage eyebrow="Hello" />;
}
