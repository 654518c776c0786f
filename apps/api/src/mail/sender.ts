/**
 * The From a message carries, in one place for the relay and for the console's preview: the
 * site's name for the sender (site.yml's newsletter `from_name`), when there is one, before
 * MAIL_FROM's address; otherwise MAIL_FROM as written (`Name <address>` or a bare address).
 */
export function senderOf(
  mailFrom: string,
  fromName: string | undefined,
): string | { name: string; address: string } {
  const address = /<([^>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return fromName ? { name: fromName, address } : mailFrom;
}

/** The same From as a mail client shows it. */
export function senderText(mailFrom: string, fromName: string | undefined): string {
  const sender = senderOf(mailFrom, fromName);
  return typeof sender === 'string' ? sender : `${sender.name} <${sender.address}>`;
}
