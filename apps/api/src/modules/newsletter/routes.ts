import {
  MESSAGES,
  NEWSLETTER_API_ROUTES,
  newsletterIssueCreateSchema,
  newsletterIssueParamsSchema,
  newsletterSendSchema,
  uncertainResolveSchema,
  type NewsletterApiRouteName,
} from '@quillpost/domain';
import { Router, type Request, type RequestHandler } from 'express';
import { AppError } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { currentUser, requirePermission } from '../auth/index.js';
import { findIssue, toIssue } from './queries.js';
import {
  cancel,
  createIssue,
  deleteIssue,
  issueDetail,
  listIssues,
  listSources,
  pause,
  preview,
  resolveUncertain,
  resume,
  send,
  sendTest,
  type NewsletterDeps,
} from './service.js';

/**
 * The owner's newsletter console (admin_system), mounted after the same-site JSON guard. Every
 * route comes from the domain's NEWSLETTER_API_ROUTES with the permission written there.
 */
export function newsletterRoutes(deps: NewsletterDeps): Router {
  const { db } = deps;
  const router = Router();
  const route = (name: NewsletterApiRouteName, handler: RequestHandler) => {
    const { method, path, permission } = NEWSLETTER_API_ROUTES[name];
    const verb = method.toLowerCase() as 'get' | 'post' | 'delete';
    router[verb](path, requirePermission(permission), (req, res, next) => {
      res.set('Cache-Control', 'no-store');
      return handler(req, res, next);
    });
  };
  const issueId = (req: Request) => validate(newsletterIssueParamsSchema, req.params).issueId;
  const issueOf = (id: number) => toIssue(db, findIssue(db, id)!);

  route('sources', (_req, res) => {
    res.json({ success: true, ...listSources(deps) });
  });

  route('issueList', (_req, res) => {
    res.json({ success: true, issues: listIssues(deps) });
  });

  route('issueCreate', (req, res) => {
    const input = validate(newsletterIssueCreateSchema, req.body);
    const issue = createIssue(deps, input, currentUser(req)?.id ?? null);
    res.status(201).json({ success: true, ...issueDetail(deps, issue.id) });
  });

  route('issueGet', (req, res) => {
    res.json({ success: true, ...issueDetail(deps, issueId(req)) });
  });

  route('issueDelete', (req, res) => {
    deleteIssue(deps, issueId(req));
    res.json({ success: true });
  });

  route('issuePreview', (req, res) => {
    res.json({ success: true, ...preview(deps, issueId(req)) });
  });

  route('issueTest', async (req, res) => {
    const to = currentUser(req)?.email;
    if (!to) throw new AppError(400, 'NO_SUBSCRIPTION_EMAIL');
    await sendTest(deps, issueId(req), to);
    res.json({ success: true, message: MESSAGES.NEWSLETTER_TEST_SENT, to });
  });

  route('issueSend', (req, res) => {
    const { scheduledAt } = validate(newsletterSendSchema, req.body);
    const issue = send(deps, issueId(req), scheduledAt ?? null);
    res.json({ success: true, issue: issueOf(issue.id) });
  });

  route('issuePause', (req, res) => {
    res.json({ success: true, issue: issueOf(pause(deps, issueId(req)).id) });
  });

  route('issueResume', (req, res) => {
    res.json({ success: true, issue: issueOf(resume(deps, issueId(req)).id) });
  });

  route('issueCancel', (req, res) => {
    res.json({ success: true, issue: issueOf(cancel(deps, issueId(req)).id) });
  });

  route('uncertainResolve', (req, res) => {
    const { action } = validate(uncertainResolveSchema, req.body);
    const issue = resolveUncertain(deps, issueId(req), action);
    res.json({ success: true, issue: issueOf(issue.id) });
  });

  return router;
}
