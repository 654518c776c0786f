import { PlaceholderPage } from '../components/placeholder-page';

/** Rendered alone, without the site header and footer. */
export default function LinksPage() {
  return <PlaceholderPage title="Links" />;
}
