import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDnsServer } from '../../test-support/dns-server.js';
import { fetchRemoteImage, remoteImageFetcher } from './index.js';

const JPEG = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/substack/images/desk.jpeg'));
const SECRET = Buffer.from('the neighbour’s private bytes');

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A server on `host` (port 0: any), counting the paths it was asked for. */
async function serve(
  host: string,
  port: number,
  answer: (url: string, res: http.ServerResponse) => void,
) {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    answer(req.url ?? '', res);
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { port: (server.address() as AddressInfo).port, asked };
}

/**
 * 127.0.0.2 plays the public internet (an image host) and 127.0.0.1 the machine's neighbours (a
 * metadata service, an admin page), on the same port, so that one address names either; the
 * loopback DNS server answers for the names.
 */
async function internet(a: Record<string, string[] | (() => string[])>) {
  const neighbour = await serve('127.0.0.1', 0, (_url, res) =>
    res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(SECRET),
  );
  const port = neighbour.port;
  const host = await serve('127.0.0.2', port, (url, res) => {
    if (url === '/photo.jpg') res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(JPEG);
    else if (url === '/page') res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>');
    else if (url === '/moved') res.writeHead(302, { Location: '/photo.jpg' }).end();
    else if (url === '/to-a-neighbour-by-name') {
      res.writeHead(302, { Location: `http://inside.test:${port}/secret.jpg` }).end();
    } else if (url === '/to-a-neighbour-by-address') {
      res.writeHead(302, { Location: `http://127.0.0.1:${port}/secret.jpg` }).end();
    } else if (url === '/round') res.writeHead(302, { Location: '/round' }).end();
    else res.writeHead(404).end();
  });
  const dns = await startDnsServer({ a });
  cleanups.push(() => dns.close());
  const fetchImage = remoteImageFetcher({
    dnsServers: dns.address,
    reachable: (address) => address === '127.0.0.2',
  });
  return { fetchImage, port, host, neighbour };
}

describe('a remote image of an import', () => {
  it('is fetched from the address its name answered when that was checked, not from a second answer', async () => {
    let asked = 0;
    const net = await internet({
      'images.test': ['127.0.0.2'],
      // Rebinding: public for the check, the neighbour for whoever asks again.
      'rebinding.test': () => (asked++ === 0 ? ['127.0.0.2'] : ['127.0.0.1']),
    });
    expect(await net.fetchImage(`http://images.test:${net.port}/photo.jpg`)).toEqual(JPEG);
    expect(await net.fetchImage(`http://rebinding.test:${net.port}/photo.jpg`)).toEqual(JPEG);
    expect(net.neighbour.asked).toEqual([]);
  });

  it('is not fetched from a name or address of the neighbours, nor through a redirect to one', async () => {
    const net = await internet({
      'images.test': ['127.0.0.2'],
      'inside.test': ['127.0.0.1'],
      'both.test': ['127.0.0.2', '127.0.0.1'],
    });
    const at = (host: string, path: string) => `http://${host}:${net.port}${path}`;
    expect(await net.fetchImage(at('inside.test', '/secret.jpg'))).toBeNull();
    expect(await net.fetchImage(at('both.test', '/photo.jpg'))).toBeNull();
    expect(await net.fetchImage(at('127.0.0.1', '/secret.jpg'))).toBeNull();
    expect(await net.fetchImage(at('images.test', '/to-a-neighbour-by-name'))).toBeNull();
    expect(await net.fetchImage(at('images.test', '/to-a-neighbour-by-address'))).toBeNull();
    expect(net.neighbour.asked).toEqual([]);

    // Redirects within the public internet are followed, a few of them.
    expect(await net.fetchImage(at('images.test', '/moved'))).toEqual(JPEG);
    net.host.asked.length = 0;
    expect(await net.fetchImage(at('images.test', '/round'))).toBeNull();
    expect(net.host.asked).toEqual(['/round', '/round', '/round', '/round']);
    // What is not an image is not kept.
    expect(await net.fetchImage(at('images.test', '/page'))).toBeNull();
    expect(await net.fetchImage('file:///etc/passwd')).toBeNull();
  });

  it('is never fetched by the site’s own fetcher from this machine or its metadata service', async () => {
    const net = await internet({});
    expect(await fetchRemoteImage(`http://127.0.0.1:${net.port}/secret.jpg`)).toBeNull();
    expect(await fetchRemoteImage(`http://[::1]:${net.port}/secret.jpg`)).toBeNull();
    expect(await fetchRemoteImage('http://169.254.169.254/latest/meta-data')).toBeNull();
    expect(net.neighbour.asked).toEqual([]);
  });
});
