import { PlaceholderPage } from '../components/placeholder-page';

export default function ContactPage() {
  return <PlaceholderPage title="Contact" />;
}
