import { PlaceholderPage } from '../components/placeholder-page';

export type Hub = 'build' | 'learn' | 'write';

const HUB_TITLES: Record<Hub, string> = { build: 'Build', learn: 'Learn', write: 'Write' };

/** /build, /learn and /write share one page module. */
export default function HubPage({ hub }: { hub: Hub }) {
  return <PlaceholderPage title={HUB_TITLES[hub]} />;
}
