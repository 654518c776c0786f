import { FixedPage } from '../features/content/components/fixed-page';

export default function PrivacyPage() {
  return <FixedPage slug="privacy" eyebrow="The small print" />;
}
