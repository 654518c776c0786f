import type { ReceivedMail, SmtpSink } from '@quillpost/api/test-support/smtp-sink';

export type { ReceivedMail, SmtpSink };

/**
 * The first message to `to` whose subject matches (past the first `skip` such messages), polling
 * the sink until `timeoutMs`: the API sends through its outbox worker, so mail arrives a moment
 * after the request that queued it.
 */
export async function waitForMail(
  sink: SmtpSink,
  to: string,
  subject: RegExp,
  { timeoutMs = 15_000, skip = 0 }: { timeoutMs?: number; skip?: number } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = sink.messagesTo(to).filter((mail) => subject.test(mail.subject))[skip];
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = sink.messages.map((mail) => `${mail.to.join(',')}: ${mail.subject}`);
      throw new Error(
        `No mail to ${to} matching ${subject} within ${timeoutMs} ms; the sink has: ${JSON.stringify(seen)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first link of a mail's text part that contains `fragment`. */
export function linkIn(mail: ReceivedMail, fragment: string): string {
  const link = mail.links.find((url) => url.includes(fragment));
  if (!link)
    throw new Error(`No link containing ${fragment} in "${mail.subject}": ${mail.links.join(' ')}`);
  return link;
}
