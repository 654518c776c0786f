import {
  ActionNotice as SharedNotice,
  type Notice as Outcome,
} from '../../../components/resource-view';

export type Notice =
  | (NonNullable<Outcome> & {
      /** Says a send is under way: once the issue has finished, the result replaces it. */
      untilFinished?: boolean;
    })
  | null;

/** The outcome of the last action, flush in the newsletter's cards. */
export function ActionNotice({ notice }: { notice: Notice }) {
  return <SharedNotice notice={notice} className="newsletter-notice" />;
}
