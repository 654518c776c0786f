import { MESSAGES } from '@quillpost/domain';
import { Router } from 'express';
import { AppError } from '../../http/errors.js';
import { endpointMounter } from '../../http/endpoints.js';
import { currentUser, requirePermission } from '../auth/index.js';
import { checkDeliverability, type DeliverabilityDeps } from './deliverability.js';
import { toIssue } from './queries.js';
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
import { findIssue } from './store/issues.js';

/** The owner's newsletter console (admin_system), mounted after the same-site JSON guard. */
export function newsletterRoutes(deps: NewsletterDeps & DeliverabilityDeps): Router {
  const { db } = deps;
  const router = Router();
  const mount = endpointMounter(router, { requirePermission, noStore: true });
  const issueOf = (id: number) => toIssue(db, findIssue(db, id)!);

  mount('newsletterSources', (_req, res) => {
    res.json({ success: true, ...listSources(deps) });
  });

  mount('newsletterIssueList', (_req, res) => {
    res.json({ success: true, issues: listIssues(deps) });
  });

  mount('newsletterIssueCreate', (req, res, { body }) => {
    const input = body;
    const issue = createIssue(deps, input, currentUser(req)?.id ?? null);
    res.status(201).json({ success: true, ...issueDetail(deps, issue.id) });
  });

  mount('newsletterIssueGet', (req, res, { params }) => {
    res.json({ success: true, ...issueDetail(deps, params.issueId) });
  });

  mount('newsletterIssueDelete', (req, res, { params }) => {
    deleteIssue(deps, params.issueId);
    res.json({ success: true });
  });

  mount('newsletterIssuePreview', (req, res, { params }) => {
    res.json({ success: true, ...preview(deps, params.issueId) });
  });

  mount('newsletterIssueTest', async (req, res, { params }) => {
    const to = currentUser(req)?.email;
    if (!to) throw new AppError(400, 'NO_SUBSCRIPTION_EMAIL');
    await sendTest(deps, params.issueId, to);
    res.json({ success: true, message: MESSAGES.NEWSLETTER_TEST_SENT, to });
  });

  mount('newsletterDeliverability', async (req, res) => {
    const to = currentUser(req)?.email;
    if (!to) throw new AppError(400, 'NO_SUBSCRIPTION_EMAIL');
    res.json({ success: true, ...(await checkDeliverability(deps, to)) });
  });

  mount('newsletterIssueSend', (req, res, { params, body }) => {
    const { scheduledAt } = body;
    const issue = send(deps, params.issueId, scheduledAt ?? null);
    res.json({ success: true, issue: issueOf(issue.id) });
  });

  mount('newsletterIssuePause', (req, res, { params }) => {
    res.json({ success: true, issue: issueOf(pause(deps, params.issueId).id) });
  });

  mount('newsletterIssueResume', (req, res, { params }) => {
    res.json({ success: true, issue: issueOf(resume(deps, params.issueId).id) });
  });

  mount('newsletterIssueCancel', (req, res, { params }) => {
    res.json({ success: true, issue: issueOf(cancel(deps, params.issueId).id) });
  });

  mount('newsletterUncertainResolve', (req, res, { params, body }) => {
    const { action } = body;
    const issue = resolveUncertain(deps, params.issueId, action);
    res.json({ success: true, issue: issueOf(issue.id) });
  });

  return router;
}
