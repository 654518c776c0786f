/**
 * One HTTP/1.1 request written byte for byte on a socket, for request targets no client library
 * sends (absolute-form, `//\host`): the status line and headers of the answer, lower-cased names.
 */
import type { Express } from 'express';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
}

export async function rawRequest(
  app: Express,
  target: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const text = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => {
        received += chunk;
        if (received.includes('\r\n\r\n')) socket.end();
      });
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
      const lines = [
        `GET ${target} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        'Connection: close',
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
    const [statusLine = '', ...headerLines] = text.slice(0, text.indexOf('\r\n\r\n')).split('\r\n');
    return {
      status: Number(statusLine.split(' ')[1]),
      headers: Object.fromEntries(
        headerLines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      ),
    };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}
