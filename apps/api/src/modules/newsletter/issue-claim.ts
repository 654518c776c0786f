import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import {
  issueLeaseHolder,
  releaseIssueLease,
  renewIssueLease,
  takeIssueLease,
} from './store/issues.js';

const liveOwners = new Set<string>();

/** A sender's name in leases and batches: host, pid and a random part. */
export function newSenderOwner(): string {
  return `${os.hostname()}|${process.pid}|${randomUUID().slice(0, 8)}`;
}

/**
 * Whether the process that wrote `owner` is certainly gone. SQLite lives on one machine, so a
 * sender on this host whose pid no longer runs has crashed and its claim can be taken at once;
 * anything else (another host, a reused pid) waits for the lease to run out.
 */
function ownerIsGone(owner: string): boolean {
  if (liveOwners.has(owner)) return false;
  const [host, pidText] = owner.split('|');
  const pid = Number(pidText);
  if (host !== os.hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  // Same pid, not one of ours: an earlier run of this process id (a restarted container).
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * One sender's claims on issues: an issue is delivered by one process at a time, which holds a
 * lease on its row and renews it before each batch.
 */
export class IssueClaims {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly owner: string,
    private readonly leaseMs: number,
  ) {
    liveOwners.add(owner);
  }

  /** Takes the issue when it is free, already ours, expired, or held by a dead process. */
  acquire(issueId: number): boolean {
    const now = this.clock.now();
    const lease = {
      id: issueId,
      owner: this.owner,
      until: iso(now + this.leaseMs),
      now: iso(now),
      gone: null,
    };
    if (takeIssueLease(this.db, lease)) return true;
    const holder = issueLeaseHolder(this.db, issueId);
    if (!holder || !ownerIsGone(holder)) return false;
    // Only one taker wins: the UPDATE matches the dead owner's name, and writes are serialised.
    return takeIssueLease(this.db, { ...lease, gone: holder });
  }

  /** The heartbeat; false when another process has taken the issue over. */
  renew(issueId: number): boolean {
    return renewIssueLease(this.db, issueId, this.owner, iso(this.clock.now() + this.leaseMs));
  }

  release(issueId: number): void {
    releaseIssueLease(this.db, issueId, this.owner);
  }
}
