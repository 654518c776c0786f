/**
 * Whether a person a list holds is to be mailed, read from the columns each platform writes for
 * it (issue 34), by every reader: a Substack list uploaded as "any CSV" still says who switched
 * email off. Substack writes `email_disabled`; Ghost `subscribed_to_emails` and `deleted_at`;
 * Mailchimp one file per state (UNSUB_TIME, CLEAN_TIME) or a `status` column (subscribed,
 * unsubscribed, cleaned, pending, transactional, archived); Buttondown `subscriber_type`
 * (regular, unsubscribed, unactivated, spammy, removed…); others a `status` or `state`.
 */
import type { Problem } from '../bundle.js';
import { isTrue, type Row } from './tables.js';

export type Standing =
  { state: 'active' } | { state: 'unsubscribed' | 'bounced' | 'unconfirmed'; why: string };

/** The column a list states each person's standing in, when it has one. */
export const STATE_COLUMNS = ['status', 'state', 'subscriber_type', 'type'];

const ENDED = /^(unsubscribed|cancelled|canceled|inactive|removed|spammy|archived|deleted)$/i;
const BOUNCED = /^(cleaned|bounced|complained|undeliverable)$/i;
/** Never asked, or never confirmed: Mailchimp's transactional contacts never opted in. */
const NEVER_CONFIRMED = /^(pending|unconfirmed|unactivated|not confirmed|transactional)$/i;

/** What a file's own columns say of everyone in it: Mailchimp writes one file per state. */
export function fileStanding(header: readonly string[]): Standing {
  const has = (name: string) => header.some((column) => column.toUpperCase() === name);
  if (has('CLEAN_TIME')) return { state: 'bounced', why: "were in Mailchimp's cleaned file" };
  if (has('UNSUB_TIME')) {
    return { state: 'unsubscribed', why: "were in Mailchimp's unsubscribed file" };
  }
  return { state: 'active' };
}

/** One person's standing: the first column that says they are not to be mailed, or active. */
export function standingOf(row: Row, stateColumn: string | null, file: Standing): Standing {
  const stated = stateColumn ? row.get(stateColumn) : '';
  if (NEVER_CONFIRMED.test(stated)) {
    return { state: 'unconfirmed', why: `had never confirmed (${stateColumn}: ${stated})` };
  }
  if (file.state !== 'active') return file;
  const marked = `were marked ${stated.toLowerCase()} (${stateColumn})`;
  if (BOUNCED.test(stated)) return { state: 'bounced', why: marked };
  if (ENDED.test(stated)) return { state: 'unsubscribed', why: marked };
  if (isTrue(row.get('email_disabled'))) {
    return { state: 'unsubscribed', why: 'had switched email off (email_disabled)' };
  }
  if (row.has('subscribed_to_emails') && !isTrue(row.get('subscribed_to_emails'))) {
    return { state: 'unsubscribed', why: 'were not subscribed to emails (subscribed_to_emails)' };
  }
  if (row.get('deleted_at')) return { state: 'unsubscribed', why: 'were deleted (deleted_at)' };
  return { state: 'active' };
}

/**
 * A row's standing in a list read by its own header alone (the console's subscriber CSV): the
 * state column found by its name, the file's own columns for Mailchimp's per-state files.
 */
export function listedStanding(header: readonly string[], row: Row): Standing {
  const stateColumn = header.find((column) => STATE_COLUMNS.includes(column.toLowerCase())) ?? null;
  return standingOf(row, stateColumn, fileStanding(header));
}

const people = (count: number) => (count === 1 ? '1 person' : `${count} people`);

/** Counts each file's people who are not to be mailed, by why, for the report's notes. */
export function standingTally() {
  const counts = new Map<
    string,
    { file: string; standing: Exclude<Standing, { state: 'active' }>; count: number }
  >();
  return {
    add(file: string, standing: Standing): void {
      if (standing.state === 'active') return;
      const key = `${file}\0${standing.state}\0${standing.why}`;
      const counted = counts.get(key) ?? { file, standing, count: 0 };
      counted.count += 1;
      counts.set(key, counted);
    },
    notes(): Problem[] {
      return [...counts.values()].map(({ file, standing, count }) => ({
        where: file,
        message:
          standing.state === 'unconfirmed'
            ? `${people(count)} ${spoken(standing.why, count)}: not imported, so nobody is mailed who did not ask.`
            : `${people(count)} ${spoken(standing.why, count)}: imported as ${standing.state}, never mailed.`,
      }));
    },
  };
}

/** A reason as said of several people ("were deleted"), said of one ("was deleted"). */
const spoken = (why: string, count: number) => (count === 1 ? why.replace(/^were /, 'was ') : why);

/** Why one person is not to be mailed, as a sentence's start: "Had switched email off (…)". */
export function reasonOfOne(standing: Exclude<Standing, { state: 'active' }>): string {
  const why = spoken(standing.why, 1);
  return why[0]!.toUpperCase() + why.slice(1);
}
