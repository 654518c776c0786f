import { FixedPage } from '../components/fixed-page';

export default function TosPage() {
  return <FixedPage eyebrow="The small print" />;
}
