/**
 * Any subscriber list as CSV: Mailchimp (subscribed, unsubscribed and cleaned files), Buttondown,
 * ConvertKit, or plain `email,name`; columns found by their header, or named with --map
 * (`email=E-mail,name=Full name,created=Joined,state=Status`). Rows that never confirmed
 * elsewhere are refused: importing them would mail someone who did not ask.
 */
import { emptyBundle, ImportError, listedSubscriber, type ImportBundle } from '../bundle.js';
import type { ExportFiles } from '../unpack.js';
import { fileStanding, standingOf, standingTally, STATE_COLUMNS } from './not-subscribed.js';
import { csvRows, instant, type Row } from './tables.js';

export type ColumnMap = Partial<
  Record<'email' | 'name' | 'created' | 'confirmed' | 'state', string>
>;

const GUESSES: Record<keyof ColumnMap, string[]> = {
  email: ['email', 'email address', 'email_address', 'e-mail', 'subscriber email'],
  name: ['name', 'full name', 'full_name'],
  created: [
    'optin_time',
    'created_at',
    'creation_date',
    'date_subscribed',
    'subscribed_at',
    'created',
  ],
  confirmed: ['confirm_time', 'confirmed_at'],
  state: STATE_COLUMNS,
};

function column(header: string[], wanted: keyof ColumnMap, map: ColumnMap): string | null {
  if (map[wanted]) {
    const named = header.find((h) => h.toLowerCase() === map[wanted]!.toLowerCase());
    if (!named)
      throw new ImportError(`--map names a column the file does not have: ${map[wanted]}`);
    return named;
  }
  return header.find((h) => GUESSES[wanted].includes(h.toLowerCase())) ?? null;
}

function nameOf(row: Row, nameColumn: string | null): string | null {
  if (nameColumn) return row.get(nameColumn) || null;
  const first = row.get('First Name') || row.get('first_name') || row.get('FNAME');
  const last = row.get('Last Name') || row.get('last_name') || row.get('LNAME');
  return [first, last].filter(Boolean).join(' ') || null;
}

export function readSubscriberList(files: ExportFiles, map: ColumnMap = {}): ImportBundle {
  const bundle = emptyBundle();
  const lists = files.names.filter((name) => name.toLowerCase().endsWith('.csv'));
  if (lists.length === 0) throw new ImportError('No .csv file to import subscribers from.');
  const tally = standingTally();
  for (const list of lists) {
    const { header, rows } = csvRows(list, files.read(list));
    const email = column(header, 'email', map);
    if (!email) {
      throw new ImportError(`${list} has no email column (name it with --map email=<column>).`);
    }
    const name = column(header, 'name', map);
    const created = column(header, 'created', map);
    const confirmed = column(header, 'confirmed', map);
    const state = column(header, 'state', map);
    const wholeFile = fileStanding(header);
    let undated = 0;
    for (const row of rows) {
      const standing = standingOf(row, state, wholeFile);
      tally.add(list, standing);
      if (standing.state === 'unconfirmed') {
        bundle.problems.push({
          where: row.where,
          message: `Never confirmed (${row.get(state!)}): not imported, so nobody is mailed who did not ask.`,
        });
        continue;
      }
      const bounced = standing.state === 'bounced';
      const since = instant(created ? row.get(created) : '');
      const confirmedAt = instant(confirmed ? row.get(confirmed) : '') ?? since;
      // No date is kept as none: the import's own time would claim a confirmation nobody saw.
      if (!confirmedAt) {
        undated += 1;
        if (created || confirmed) {
          bundle.problems.push({ where: row.where, message: 'No date: imported without a date.' });
        }
      }
      bundle.subscribers.push(
        listedSubscriber({
          origin: row.where,
          email: row.get(email),
          name: nameOf(row, name),
          state: standing.state,
          since,
          confirmedAt,
          endedAt: instant(row.get('UNSUB_TIME') || row.get('CLEAN_TIME')),
          bounceReason: bounced ? `Cleaned or bounced before the import (${list})` : null,
        }),
      );
    }
    if (undated > 0 && !created && !confirmed) {
      bundle.problems.push({
        where: list,
        message: `No date column: its ${undated} subscriber${undated === 1 ? '' : 's'} ${undated === 1 ? 'is' : 'are'} imported without a date.`,
      });
    }
  }
  bundle.notes.push(...tally.notes());
  return bundle;
}
