import { FixedPage } from '../features/content/components/fixed-page';

export default function ContactPage() {
  return <FixedPage eyebrow="Say hello" />;
}
