import { FixedPage } from '../features/content/components/fixed-page';

export default function ContactPage() {
  return <FixedPage slug="contact" eyebrow="Say hello" />;
}
