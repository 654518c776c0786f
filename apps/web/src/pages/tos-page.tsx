import { FixedPage } from '../features/content/components/fixed-page';

export default function TosPage() {
  return <FixedPage slug="tos" eyebrow="The small print" />;
}
