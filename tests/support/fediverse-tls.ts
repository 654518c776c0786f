/**
 * The social web's end-to-end tests run over TLS on loopback, as the fediverse does: a CA made for
 * the run (trusted by the site through NODE_EXTRA_CA_CERTS, as the README tells self-hosters with
 * a private CA), a certificate it signed for localhost and 127.0.0.1, the site from source behind
 * a TLS front, and requests from the test process that trust the CA explicitly (it started
 * without it).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import { freePort } from '@quillpost/api/test-support/free-port';
import { startServer, type RunningServer } from '@quillpost/api/test-support/running-server';

export interface Certificates {
  /** The CA's certificate, PEM. */
  ca: string;
  /** Its file, for NODE_EXTRA_CA_CERTS. */
  caFile: string;
  /** A key and certificate for localhost and 127.0.0.1, signed by the CA. */
  leaf: { key: string; cert: string };
}

/** Makes the run's CA and its localhost certificate in `dir` with openssl. */
export function makeCertificates(dir: string): Certificates {
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...ec,
    ...['-keyout', file('ca.key'), '-out', file('ca.crt'), '-days', '1'],
    ...['-subj', '/CN=Quillpost throwaway test CA'],
    ...['-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign'],
  );
  openssl(
    'req',
    ...ec,
    ...['-keyout', file('leaf.key'), '-out', file('leaf.csr'), '-subj', '/CN=localhost'],
  );
  fs.writeFileSync(
    file('leaf.ext'),
    'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n',
  );
  openssl(
    'x509',
    '-req',
    ...['-in', file('leaf.csr'), '-CA', file('ca.crt'), '-CAkey', file('ca.key')],
    ...['-CAcreateserial', '-out', file('leaf.crt'), '-days', '1', '-extfile', file('leaf.ext')],
  );
  return {
    ca: fs.readFileSync(file('ca.crt'), 'utf8'),
    caFile: file('ca.crt'),
    leaf: {
      key: fs.readFileSync(file('leaf.key'), 'utf8'),
      cert: fs.readFileSync(file('leaf.crt'), 'utf8'),
    },
  };
}

/** TLS on `port` in front of a plain-http server, as a self-hoster's proxy is; answers its closer. */
async function tlsFront(
  leaf: Certificates['leaf'],
  port: number,
  upstream: string,
): Promise<() => Promise<void>> {
  const target = new URL(upstream);
  const front = tls.createServer(leaf, (socket) => {
    const inner = net.connect(Number(target.port), target.hostname);
    socket.pipe(inner).pipe(socket);
    const end = () => {
      socket.destroy();
      inner.destroy();
    };
    socket.on('error', end);
    inner.on('error', end);
  });
  await new Promise<void>((resolve) => front.listen(port, '127.0.0.1', resolve));
  return () => new Promise((resolve) => front.close(() => resolve()));
}

export interface TlsSite {
  server: RunningServer;
  /** `https://localhost:<port>`, its PUBLIC_URL. */
  url: string;
  contentDir: string;
  stop(): Promise<void>;
}

/**
 * The site from source (src/server.ts) with `site.yml` naming the handle `handle`, public at
 * https://localhost:<port> through its TLS front. It trusts the CA when NODE_EXTRA_CA_CERTS names
 * it in this process's environment as it starts. With `pages`, the web build renders its pages.
 */
export async function startTlsSite(options: {
  contentDir: string;
  leaf: Certificates['leaf'];
  handle: string;
  env?: Record<string, string>;
  pages?: boolean;
}): Promise<TlsSite> {
  fs.mkdirSync(path.join(options.contentDir, 'posts'), { recursive: true });
  fs.writeFileSync(
    path.join(options.contentDir, 'site.yml'),
    `title: Rowan Ellis\nowner:\n  name: Rowan Ellis\nfediverse:\n  handle: ${options.handle}\n`,
  );
  const port = await freePort();
  const url = `https://localhost:${port}`;
  const server = await startServer({
    contentDir: options.contentDir,
    pages: options.pages,
    env: { PUBLIC_URL: url, WEB_ORIGIN: url, ...options.env },
  });
  const closeFront = await tlsFront(options.leaf, port, server.url);
  return {
    server,
    url,
    contentDir: options.contentDir,
    async stop() {
      await closeFront();
      await server.stop();
    },
  };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A request over TLS that trusts `ca`. */
export function overTls(
  ca: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const req = https.request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, ca },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}
