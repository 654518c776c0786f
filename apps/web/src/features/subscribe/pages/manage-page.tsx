import { ManageSubscription } from '../manage-subscription';
import { PAGE_PATHS } from '@quillpost/domain';
import type { PageHandle, PageMetaFunction } from '../../../lib/route-handle';

export const handle: PageHandle = { personal: true };

export const meta: PageMetaFunction = () => ({
  title: 'Manage your subscription',
  description: 'Check your newsletter subscription, choose what you receive, or unsubscribe.',
  path: PAGE_PATHS.manage,
  noindex: true,
});

export default function ManagePage() {
  return (
    <article className="page">
      <div className="prose">
        <p className="page__eyebrow">Newsletter</p>
        <h1>Manage your subscription</h1>
      </div>
      <ManageSubscription />
    </article>
  );
}
