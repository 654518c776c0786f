import {
  FEDIVERSE_BLOCK_KINDS,
  MESSAGES,
  normalizeBlockValue,
  type FediverseBlock,
  type FediverseBlockKind,
} from '@quillpost/domain';
import { useId, useState, type FormEvent } from 'react';
import {
  ActionNotice,
  EmptyNote,
  ResourceView,
  type Notice,
} from '../../../components/resource-view';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { useDates } from '../../../lib/use-dates';
import type { ResourceState } from '../../../lib/use-resource';
import { useConsoleApi } from '../api/console-api';
import { blockedText } from './block-buttons';

const KIND_LABELS: Record<FediverseBlockKind, string> = { account: 'Account', domain: 'Domain' };

const INVALID = {
  account: MESSAGES.FEDIVERSE_BLOCK_ACCOUNT_INVALID,
  domain: MESSAGES.FEDIVERSE_BLOCK_DOMAIN_INVALID,
} as const;

function BlockForm({ onBlocked }: { onBlocked(): void }) {
  const api = useConsoleApi();
  const id = useId();
  const [kind, setKind] = useState<FediverseBlockKind>('account');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    // The API's own rule, checked here first so a typo is said beside the field.
    if (normalizeBlockValue(kind, value) === null) return setError(INVALID[kind]);
    setError(null);
    setBusy(true);
    const result = await api.block({ kind, value });
    setBusy(false);
    if (!result.ok) return setError(result.message);
    setValue('');
    setNotice({ tone: 'success', text: blockedText(result.data) });
    onBlocked();
  }

  return (
    <form className="members-form fediverse-block-form" onSubmit={(event) => void submit(event)}>
      <div className="members-form__row">
        <SelectField
          id={`${id}-kind`}
          label="Block"
          value={kind}
          options={FEDIVERSE_BLOCK_KINDS}
          optionLabel={(option) => KIND_LABELS[option]}
          onChange={(option) => {
            setKind(option);
            setError(null);
          }}
        />
        <TextField
          id={`${id}-value`}
          label={kind === 'account' ? 'Account (@name@server)' : 'Domain (example.social)'}
          value={value}
          error={error}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--danger" disabled={busy}>
        {kind === 'account' ? 'Block Account' : 'Block Domain'}
      </button>
      <ActionNotice notice={notice} />
    </form>
  );
}

function BlockRow({ block, onUnblocked }: { block: FediverseBlock; onUnblocked(): void }) {
  const api = useConsoleApi();
  const dates = useDates();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function unblock() {
    setBusy(true);
    const result = await api.unblock(block.id);
    setBusy(false);
    if (!result.ok) return setError(result.message);
    onUnblocked();
  }
  return (
    <li className="members-row">
      <div className="members-row__main">
        <span className="members-row__title" id={`${id}-value`}>
          {block.value}
        </span>
        <span className="members-badge">{KIND_LABELS[block.kind]}</span>
        <span className="members-row__meta muted">Since {dates.date(block.createdAt)}</span>
      </div>
      <button
        type="button"
        className="button"
        disabled={busy}
        aria-describedby={`${id}-value`}
        onClick={() => void unblock()}
      >
        Unblock
      </button>
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/**
 * Accounts and domains the site neither delivers to nor takes anything from: a form to add one,
 * and the list with Unblock.
 */
export function BlocksPanel({ blocks }: { blocks: ResourceState<{ items: FediverseBlock[] }> }) {
  return (
    <section className="fediverse-part" aria-labelledby="fediverse-blocks">
      <h2 id="fediverse-blocks" className="analytics__heading">
        Blocks
      </h2>
      <p className="muted">
        A blocked account or domain gets none of your posts, and nothing it sends reaches the site:
        its follows, likes, boosts and replies are refused.
      </p>
      <div className="members-card">
        <BlockForm onBlocked={blocks.reload} />
      </div>
      <ResourceView resource={blocks} label="blocks">
        {(data) =>
          data.items.length === 0 ? (
            <EmptyNote>
              <p>Nobody is blocked.</p>
            </EmptyNote>
          ) : (
            <ul className="members-rows fediverse-blocks" aria-label="Blocked">
              {data.items.map((block) => (
                <BlockRow key={block.id} block={block} onUnblocked={blocks.reload} />
              ))}
            </ul>
          )
        }
      </ResourceView>
    </section>
  );
}
