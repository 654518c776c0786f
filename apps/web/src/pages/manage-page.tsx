import { ManageSubscription } from '../features/subscribe/manage-subscription';
import { useDocumentMeta } from '../lib/document-meta';

export default function ManagePage() {
  useDocumentMeta({
    title: 'Manage your subscription',
    description: 'Check your newsletter subscription, choose what you receive, or unsubscribe.',
  });
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
