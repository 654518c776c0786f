/**
 * The SMTP sink in its own process, as a real relay would be: its MIME parsing must not take CPU
 * from the API being measured. The parent asks for the received recipients over IPC.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startSmtpSink } from '../src/test-support/smtp-sink.js';

type Request = { type: 'recipients'; id: number } | { type: 'close' };

if (process.send && process.argv.includes('--child')) {
  const sink = await startSmtpSink();
  process.on('message', (message: Request) => {
    if (message.type === 'recipients') {
      process.send!({ id: message.id, recipients: sink.messages.map((m) => m.to.join(',')) });
    } else {
      void sink.close().then(() => process.exit(0));
    }
  });
  process.send({ port: sink.port });
}

export interface SinkProcess {
  url: string;
  recipients(): Promise<string[]>;
  /** Polls until `count` messages arrived or `timeoutMs` passed; returns the recipients. */
  waitFor(count: number, timeoutMs: number): Promise<string[]>;
  close(): Promise<void>;
}

export async function startSinkProcess(): Promise<SinkProcess> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--child'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`SMTP sink process exited with ${code}`)));
  });
  let nextId = 0;
  const recipients = () =>
    new Promise<string[]>((resolve) => {
      const id = nextId++;
      const onMessage = (message: { id?: number; recipients?: string[] }) => {
        if (message.id !== id) return;
        child.off('message', onMessage);
        resolve(message.recipients ?? []);
      };
      child.on('message', onMessage);
      child.send({ type: 'recipients', id });
    });
  return {
    url: `smtp://127.0.0.1:${port}`,
    recipients,
    async waitFor(count, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const received = await recipients();
        if (received.length >= count || Date.now() > deadline) return received;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.send({ type: 'close' });
      }),
  };
}
