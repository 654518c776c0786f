import { FixedPage } from '../components/fixed-page';

export default function PrivacyPage() {
  return <FixedPage eyebrow="The small print" />;
}
