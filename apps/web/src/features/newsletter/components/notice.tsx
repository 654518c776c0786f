export type Notice = {
  tone: 'success' | 'error';
  text: string;
  /** Says a send is under way: once the issue has finished, the result replaces it. */
  untilFinished?: boolean;
} | null;

/** The outcome of the last action: success (a status) or failure (an alert). */
export function ActionNotice({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <p
      className={`alert alert--${notice.tone} newsletter-notice`}
      role={notice.tone === 'error' ? 'alert' : 'status'}
    >
      {notice.text}
    </p>
  );
}
