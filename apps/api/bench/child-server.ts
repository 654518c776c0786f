import { spawn } from 'node:child_process';

/**
 * Runs `file --serve` in a child process (so the load generator in this one does not steal the
 * server's event loop) and resolves with the first line it prints, parsed as JSON: its ports
 * and whatever else it reports. `stop()` disconnects it, which ends it.
 */
export async function startChildServer<T>(file: string): Promise<{ ready: T; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', file, '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const ready = await new Promise<T>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n')[0];
      if (buffer.includes('\n') && line) resolve(JSON.parse(line) as T);
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { ready, stop: () => child.disconnect() };
}
