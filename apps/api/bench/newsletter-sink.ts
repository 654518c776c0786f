/**
 * The newsletter bench's relay: an SMTP server on loopback, in a process of its own at a lower
 * priority, that counts what it accepts (messages, recipients, Message-IDs) without parsing MIME.
 * A real relay runs on another machine; this one should take as little of the API's CPU as it
 * can, so what the bench measures is the API and its sender, not the sink.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

type Request = { type: 'stats'; id: number } | { type: 'close' };
export interface SinkStats {
  messages: number;
  recipients: number;
  uniqueRecipients: number;
  uniqueMessageIds: number;
}

async function serve() {
  os.setPriority(process.pid, 10);
  let messages = 0;
  let recipients = 0;
  const addresses = new Set<string>();
  const ids = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 16_384 && !head.includes('\r\n\r\n')) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        messages += 1;
        for (const rcpt of session.envelope.rcptTo) {
          recipients += 1;
          addresses.add(rcpt.address.toLowerCase());
        }
        const id = /^message-id:\s*(\S+)/im.exec(head.split('\r\n\r\n')[0] ?? '')?.[1];
        if (id) ids.add(id);
        callback();
      });
    },
  });
  server.server.on('connection', (socket: Socket) => socket.setNoDelay(true));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  process.on('message', (message: Request) => {
    if (message.type === 'close') return server.close(() => process.exit(0));
    const stats: SinkStats = {
      messages,
      recipients,
      uniqueRecipients: addresses.size,
      uniqueMessageIds: ids.size,
    };
    process.send!({ id: message.id, stats });
  });
  process.send!({ port });
}

export interface CountingSink {
  url: string;
  stats(): Promise<SinkStats>;
  /** Polls until `count` messages arrived or `timeoutMs` passed. */
  waitFor(count: number, timeoutMs: number): Promise<SinkStats>;
  close(): Promise<void>;
}

export async function startCountingSink(): Promise<CountingSink> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--sink'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`SMTP sink exited with ${code}`)));
  });
  let nextId = 0;
  const stats = () =>
    new Promise<SinkStats>((resolve) => {
      const id = nextId++;
      const onMessage = (message: { id?: number; stats?: SinkStats }) => {
        if (message.id !== id || !message.stats) return;
        child.off('message', onMessage);
        resolve(message.stats);
      };
      child.on('message', onMessage);
      child.send({ type: 'stats', id } satisfies Request);
    });
  return {
    url: `smtp://127.0.0.1:${port}`,
    stats,
    async waitFor(count, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const current = await stats();
        if (current.messages >= count || Date.now() > deadline) return current;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.send({ type: 'close' } satisfies Request);
      }),
  };
}

if (process.argv.includes('--sink') && process.send) await serve();
