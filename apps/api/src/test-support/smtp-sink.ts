import type { Socket } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

/** How the sink answers one recipient: accept, a temporary 421, a permanent 550, or never. */
export type RecipientResponse = 'accept' | '421' | '550' | 'hang';

export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string | undefined;
  headers: Map<string, unknown>;
  /** Raw header values by lower-case name (first occurrence), unfolded: e.g. 'list-unsubscribe'. */
  rawHeaders: Record<string, string>;
  /** The first http(s) link of the text part, the usual thing a test wants to follow. */
  links: string[];
}

export interface SmtpSink {
  readonly port: number;
  /** `smtp://127.0.0.1:PORT` for SmtpMailer. */
  readonly url: string;
  readonly messages: ReceivedMail[];
  /** Scripts the answer to RCPT TO for one address (case-insensitive) or, with '*', the default. */
  respond(recipient: string | '*', response: RecipientResponse): void;
  /** Stops listening: connections are refused until `resume`. Open connections are cut. */
  refuseConnections(): Promise<void>;
  resume(): Promise<void>;
  /** Accepts connections but never sends the greeting, like a relay that hangs. */
  hang(on: boolean): void;
  /** Resolves when `count` messages (in all) have arrived; rejects after `timeoutMs`. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  messagesTo(recipient: string): ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on a loopback port that parses what it receives; for tests and benchmarks. */
export async function startSmtpSink(options: { port?: number } = {}): Promise<SmtpSink> {
  const responses = new Map<string, RecipientResponse>();
  const messages: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const waiters = new Set<() => void>();
  let hanging = false;

  const responseFor = (address: string): RecipientResponse =>
    responses.get(address.toLowerCase()) ?? responses.get('*') ?? 'accept';

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onConnect(_session, callback) {
      if (hanging) return; // never greet
      callback();
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const response = responseFor(address.address);
      if (response === 'hang') return;
      if (response === '421') {
        return callback(
          Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 421 }),
        );
      }
      if (response === '550') {
        return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          messages.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId,
            headers: parsed.headers,
            rawHeaders: Object.fromEntries(
              [...parsed.headerLines].reverse().map(({ key, line }) => [
                key,
                line
                  .slice(line.indexOf(':') + 1)
                  .replace(/\r?\n[ \t]+/g, ' ')
                  .trim(),
              ]),
            ),
            links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
          });
          waiters.forEach((wake) => wake());
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  server.on('error', () => undefined);
  server.server.on('connection', (socket: Socket) => {
    // Without it, Nagle and delayed ACKs add ~40 ms to every SMTP round trip on loopback.
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.server.off('error', reject);
        const address = server.server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      sockets.forEach((socket) => socket.destroy());
      server.server.close(() => resolve());
    });

  const port = await listen(options.port ?? 0);

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    respond(recipient, response) {
      responses.set(recipient.toLowerCase(), response);
    },
    refuseConnections: stopListening,
    async resume() {
      await listen(port);
    },
    hang(on) {
      hanging = on;
    },
    waitForMessages(count, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          cleanup();
          resolve(messages.slice());
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`SMTP sink: expected ${count} messages, got ${messages.length}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    messagesTo(recipient) {
      return messages.filter((message) => message.to.includes(recipient.toLowerCase()));
    },
    async close() {
      if (server.server.listening) await stopListening();
      else sockets.forEach((socket) => socket.destroy());
    },
  };
}
