/**
 * The owner's newsletter page, a lazy chunk of its own inside the console
 * (/members/admin/newsletter): pick a post, preview it, send a test, send or schedule it, then
 * watch the progress and read the report. The open issue is `?issue=<id>`, so the page works
 * wherever the console mounts it.
 */
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { IssueList } from './components/issue-list';
import { IssuePage } from './components/issue-page';
import './newsletter.css';

export default function NewsletterConsole() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const issueId = Number(params.get('issue'));
  const hrefFor = (id: number) => `${pathname}?issue=${id}`;

  return (
    <div className="newsletter">
      {Number.isSafeInteger(issueId) && issueId > 0 ? (
        <IssuePage key={issueId} issueId={issueId} backHref={pathname} />
      ) : (
        <IssueList hrefFor={hrefFor} onCreated={(id) => navigate(hrefFor(id))} />
      )}
    </div>
  );
}
