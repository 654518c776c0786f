import { FixedPage } from '../components/fixed-page';

export default function ContactPage() {
  return <FixedPage eyebrow="Say hello" />;
}
