import {
  ASSIGNABLE_ROLES,
  ROLE_LABELS,
  levelFromRole,
  type AdminUser,
  type AssignableRole,
} from '@quillpost/domain';
import { useId, useState } from 'react';
import type { ApiResult } from '../../lib/api-client';
import { useMembership } from '../../lib/membership/membership-context';
import { useDates } from '../../lib/use-dates';
import { useConsoleApi } from './api/console-api';
import { Avatar } from '../../components/avatar';
import { PagedView } from '../../components/paged-view';
import { ActionNotice, noticeOf, type Notice } from '../../components/resource-view';
import { useResource } from '../../lib/use-resource';
import { useCan } from '../../lib/permissions';
import { TextField } from '../../components/text-field';
import { ListSearchField, useListSearch } from './list-search';
import { Field } from '../../components/field';

function UserRow({ user, self, onChanged }: { user: AdminUser; self: boolean; onChanged(): void }) {
  const api = useConsoleApi();
  const can = useCan();
  const dates = useDates();
  const id = useId();
  const [notice, setNotice] = useState<Notice>(null);
  const [banning, setBanning] = useState(false);
  const [reason, setReason] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const name = user.name ?? user.email ?? `User ${user.id}`;

  async function run(action: () => Promise<ApiResult<unknown>>, done: string) {
    const result = await action();
    setNotice(noticeOf(result, done));
    if (result.ok) onChanged();
  }

  return (
    <li className="members-card admin-user">
      <div className="admin-user__who">
        <Avatar name={name} url={user.avatarUrl} size={40} />
        <div>
          <strong>{name}</strong>
          {user.email && user.name ? <span className="muted"> · {user.email}</span> : null}
          <p className="muted members-row__meta">
            Joined {dates.date(user.createdAt)}
            {user.lastSignInAt ? ` · last sign-in ${dates.dateTime(user.lastSignInAt)}` : ''}
            {user.providers.length ? ` · ${user.providers.join(', ')}` : ''}
          </p>
          {user.ban ? (
            <p className="members-badge members-badge--danger">
              Banned {user.ban.until ? `until ${dates.dateTime(user.ban.until)}` : 'permanently'}
              {user.ban.reason ? `: ${user.ban.reason}` : ''}
            </p>
          ) : null}
        </div>
      </div>
      <div className="members-inline-actions">
        {/* A Field, not a SelectField: the API names a user's role as any string. */}
        <Field id={`${id}-role`} label="Role" inline>
          {(control) => (
            <select
              {...control}
              className="field__input members-select"
              value={user.role}
              disabled={self || !can('assign_roles')}
              onChange={(event) => {
                const role = event.target.value as AssignableRole;
                void run(
                  () => api.assignRole(user.id, role),
                  `${name} is now ${ROLE_LABELS[levelFromRole(role)]}.`,
                );
              }}
            >
              {ASSIGNABLE_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[levelFromRole(role)]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {!self && !user.ban && can('permanent_ban') ? (
          <button
            type="button"
            className="button button--quiet"
            onClick={() => setBanning(!banning)}
          >
            Ban…
          </button>
        ) : null}
        {user.ban && can('temp_ban_users') ? (
          <button
            type="button"
            className="button button--quiet"
            onClick={() => void run(() => api.liftBan(user.id), `${name}'s ban is lifted.`)}
          >
            Lift Ban
          </button>
        ) : null}
        {!self && can('manage_users') ? (
          <button
            type="button"
            className="button button--quiet"
            onClick={() => setConfirmDelete(!confirmDelete)}
          >
            Delete…
          </button>
        ) : null}
      </div>
      {banning ? (
        <form
          className="members-confirm"
          onSubmit={(event) => {
            event.preventDefault();
            void run(() => api.permanentBan(user.id, reason), `${name} is banned.`).then(() =>
              setBanning(false),
            );
          }}
        >
          <TextField
            id={`${id}-ban`}
            label="Reason for a permanent ban"
            inline
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <button type="submit" className="button button--danger" disabled={!reason.trim()}>
            Ban {name} permanently
          </button>
        </form>
      ) : null}
      {confirmDelete ? (
        <div className="members-confirm">
          <p>
            Delete {name}’s account? Their profile, bookmarks and subscription go, their comments
            become placeholders and they are signed out everywhere.
          </p>
          <button
            type="button"
            className="button button--danger"
            onClick={() => void run(() => api.deleteUser(user.id), `${name}’s account is deleted.`)}
          >
            Delete Account
          </button>
        </div>
      ) : null}
      <ActionNotice notice={notice} />
    </li>
  );
}

export function UsersSection() {
  const api = useConsoleApi();
  const membership = useMembership();
  const search = useListSearch();
  const users = useResource(`users:${search.q}:${search.page}`, (_client, signal) =>
    api.users(search.q, search.page, { signal }),
  );
  const myEmail = membership.state.user?.email;

  return (
    <section aria-label="Users">
      <ListSearchField id="user-search" label="Search by name or email" search={search} />
      <PagedView
        resource={users}
        label="users"
        empty={<p>No users match.</p>}
        onPage={search.setPage}
      >
        {(data) => (
          <>
            <p className="muted">{data.total} users</p>
            <ul className="members-rows">
              {data.items.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  self={user.email !== null && user.email === myEmail}
                  onChanged={users.reload}
                />
              ))}
            </ul>
          </>
        )}
      </PagedView>
    </section>
  );
}
