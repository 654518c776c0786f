/**
 * What the buttons make of the file: a draft saved, published (now or at a time), updated as it
 * stands, taken offline, emailed, or moved to the trash. Each says what it did in a notice.
 */
import { KIND_NOUNS, pagePath, type FrontMatterValues } from '@quillpost/domain';
import { useNavigate } from 'react-router-dom';
import { useDates } from '../../../lib/use-dates';
import { useWritingApi } from '../api/writing-api';
import { hasDrafts } from '../fields';
import { dropLocalDraft } from '../local-draft';
import type { EditorDocument, Notice } from './use-document';

export function usePublishing(
  doc: EditorDocument,
  setNotice: (notice: Notice) => void,
  backHref: string,
) {
  const api = useWritingApi();
  const navigate = useNavigate();
  const dates = useDates();
  const { file, draft } = doc;
  const kind = file.kind;
  const noun = KIND_NOUNS[kind];
  const status = String(draft.frontMatter.status ?? 'published');
  const date = String(draft.frontMatter.date ?? '');
  const withStatus = (value: string) => ({ ...draft.frontMatter, status: value });

  /** Live now: a date still ahead becomes this moment. */
  function publishedNow(): FrontMatterValues {
    const ahead = date && Date.parse(date) > Date.now();
    return { ...withStatus('published'), ...(ahead ? { date: new Date().toISOString() } : {}) };
  }

  async function publish() {
    const saved = await doc.save(publishedNow(), 'publish');
    if (saved) {
      const text = `Published. Your ${noun} is live.`;
      setNotice({ tone: 'success', text, href: saved.url ?? undefined });
    }
    return saved;
  }

  return {
    noun,
    status,
    // Published as the file now stands (not as the form says): Update rather than Save draft.
    live: hasDrafts(kind) && String(file.frontMatter.status ?? 'published') !== 'draft',
    scheduledAt: status === 'published' && date && Date.parse(date) > doc.checkedAt ? date : null,
    publish,
    async saveDraft() {
      const saved = await doc.save(
        hasDrafts(kind) ? withStatus('draft') : draft.frontMatter,
        'save',
      );
      if (saved) setNotice({ tone: 'success', text: hasDrafts(kind) ? 'Draft saved.' : 'Saved.' });
    },
    /** A published item saved as it is: a typo fixed never takes it offline. */
    async update() {
      const saved = await doc.save(draft.frontMatter, 'save');
      if (saved) setNotice({ tone: 'success', text: 'Updated.', href: saved.url ?? undefined });
    },
    async unpublish() {
      const saved = await doc.save(withStatus('draft'), 'save');
      const text = `Unpublished. Only you can see this ${noun} now.`;
      if (saved) setNotice({ tone: 'success', text });
    },
    async publishAndEmail() {
      const saved = await publish();
      if (!saved) return;
      const issue = await api.newsletterIssue(saved.slug, String(draft.frontMatter.title ?? ''));
      const newsletter = pagePath('membersConsole', { '*': 'newsletter' });
      if (issue.ok) navigate(`${newsletter}?issue=${issue.data.issue.id}`);
      else if (issue.code === 'NEWSLETTER_ISSUE_EXISTS') navigate(newsletter);
      else {
        const text = `Published, but the newsletter could not start: ${issue.message}`;
        setNotice({ tone: 'error', text });
      }
    },
    /** Live at `at`, an instant still ahead (the schedule panel checked it). */
    async schedule(at: string) {
      const saved = await doc.save({ ...withStatus('published'), date: at }, 'schedule');
      const text = `Scheduled for ${dates.dateTime(at)}. It goes live then, on its own.`;
      if (saved) setNotice({ tone: 'success', text });
      return saved !== null;
    },
    async moveToTrash() {
      if (!window.confirm(`Move this ${noun} to the trash? You can restore it from there.`)) return;
      const result = await api.remove(file.path);
      if (!result.ok) return setNotice({ tone: 'error', text: result.message });
      dropLocalDraft(file.path);
      navigate(`${backHref}?trash`);
    },
  };
}

export type Publishing = ReturnType<typeof usePublishing>;
