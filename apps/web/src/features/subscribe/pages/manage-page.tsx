import { ManageSubscription } from '../manage-subscription';

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
