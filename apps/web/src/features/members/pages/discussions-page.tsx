import { ITEM_NOUNS, threadCreateSchema, pagePath } from '@quillpost/domain';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDates } from '../../../lib/use-dates';
import { useMembersApi } from '../api/members-api';
import { PageTitle } from '../../../components/page-title';
import { EmptyNote, ResourceView } from '../../../components/resource-view';
import { useResource } from '../../../lib/use-resource';
import { useCan } from '../../../lib/permissions';
import { errorsOf, fieldForCode, type FieldErrors } from '../../../lib/field-errors';
import { plural } from '../../../lib/format';
import { TextField } from '../../../components/text-field';
import { Field } from '../../../components/field';

function NewThreadForm({ onCancel }: { onCancel(): void }) {
  const api = useMembersApi();
  const navigate = useNavigate();
  const id = useId();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = threadCreateSchema.safeParse({ title, body });
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error));
      return;
    }
    setSending(true);
    const result = await api.startThread(parsed.data);
    setSending(false);
    if (!result.ok) {
      const field = fieldForCode(result.code, {
        title: ['THREAD_TITLE_REQUIRED', 'THREAD_TITLE_TOO_LONG'],
        body: ['COMMENT_REQUIRED', 'COMMENT_TOO_LONG'],
      });
      setErrors({ [field ?? 'form']: result.message });
      return;
    }
    navigate(pagePath('membersThread', { threadId: String(result.data.thread.id) }));
  }

  return (
    <form className="members-card members-form" onSubmit={(event) => void submit(event)} noValidate>
      <h2>Start a discussion</h2>
      <TextField
        id={`${id}-title`}
        label="Title"
        value={title}
        error={errors.title ?? null}
        onChange={(event) => setTitle(event.target.value)}
      />
      <Field
        id={`${id}-body`}
        label="What would you like to talk about?"
        error={errors.body ?? null}
      >
        {(control) => (
          <textarea
            {...control}
            className="field__input members-textarea"
            rows={4}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
        )}
      </Field>
      {errors.form ? (
        <p className="alert alert--error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className="members-inline-actions">
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Posting…' : 'Post Discussion'}
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export default function DiscussionsPage() {
  const dates = useDates();
  const api = useMembersApi();
  const can = useCan();
  const threads = useResource('threads', (_client, signal) => api.threads({ signal }));
  const [starting, setStarting] = useState(false);

  return (
    <>
      <PageTitle title="Discussions" lede="Conversations about the posts, and anything else.">
        {can('comment') && !starting ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setStarting(true)}
          >
            Start a Discussion
          </button>
        ) : null}
      </PageTitle>
      {starting ? <NewThreadForm onCancel={() => setStarting(false)} /> : null}
      <ResourceView resource={threads} label="discussions">
        {(data) =>
          data.threads.length === 0 ? (
            <EmptyNote>
              <p>No discussions yet. Start one, or comment on a post from its page.</p>
            </EmptyNote>
          ) : (
            <ul className="members-rows members-rows--cards">
              {data.threads.map((thread) => (
                <li key={thread.id} className="members-row members-card">
                  <span className="members-row__main">
                    <Link
                      className="members-row__title"
                      to={
                        thread.post
                          ? pagePath('membersPostDiscussion', { postId: thread.post.id })
                          : pagePath('membersThread', { threadId: String(thread.id) })
                      }
                    >
                      {thread.title}
                    </Link>
                    <span className="muted members-row__meta">
                      {thread.post
                        ? `On the ${ITEM_NOUNS[thread.post.kind]}`
                        : `Started by ${thread.author?.name ?? 'a member'}`}{' '}
                      · {plural(thread.commentCount, 'comment')} · last activity{' '}
                      {dates.dateTime(thread.lastActivityAt)}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </ResourceView>
    </>
  );
}
