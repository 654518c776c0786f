import { FixedPage } from '../features/content/components/fixed-page';

export default function PrivacyPage() {
  return <FixedPage eyebrow="The small print" />;
}
