import type { FediverseBlockKind } from '@quillpost/domain';
import { useState } from 'react';
import { ActionNotice, noticeOf, type Notice } from '../../../components/resource-view';
import { useConsoleApi } from '../api/console-api';

/** The server part of a profile's address, without a port (a block names a host). */
export function domainOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/** What a block says once it is made, wherever it was made from. */
export const blockedText = (block: { value: string }) => `Blocked ${block.value}.`;

/**
 * Block Account and Block Domain beside a reply or a follower: the account by its handle (its
 * address when it has none), the domain by its server's name.
 */
export function BlockButtons({
  account,
  domain,
  describedBy,
  onBlocked,
}: {
  account: string;
  domain: string | null;
  /** The id of what names whom they block, for screen readers. */
  describedBy: string;
  onBlocked(): void;
}) {
  const api = useConsoleApi();
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  async function block(kind: FediverseBlockKind, value: string) {
    setBusy(true);
    const result = await api.block({ kind, value });
    setBusy(false);
    setNotice(noticeOf(result, blockedText));
    if (result.ok) onBlocked();
  }

  // Buttons only, no box of their own: they wrap with the row's other actions.
  return (
    <>
      <button
        type="button"
        className="button button--quiet fediverse-block"
        disabled={busy}
        aria-describedby={describedBy}
        onClick={() => void block('account', account)}
      >
        Block Account
      </button>
      {domain ? (
        <button
          type="button"
          className="button button--quiet fediverse-block"
          disabled={busy}
          aria-describedby={describedBy}
          onClick={() => void block('domain', domain)}
        >
          Block Domain
        </button>
      ) : null}
      <ActionNotice notice={notice} />
    </>
  );
}
