import fs from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, and off the (closed) network: Chromium's own background traffic is refused here. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's Chromium, headless, with the flags that keep it off the (closed) network. */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} not found: install it with \`apt-get install -y chromium\` (see README).`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
  });
}

export interface Transfer {
  path: string;
  /** As transferred: body and headers. */
  bytes: number;
}

/**
 * What `page` fetches of `type` ('script', 'image') from now on; the answer resolves to the
 * requests finished so far once their sizes are read. One that finishes as the page closes is left
 * out: its sizes can no longer be read.
 */
export function watchTransfers(page: Page, type: string): () => Promise<Transfer[]> {
  const transfers: Array<Promise<Transfer | null>> = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== type) return;
    transfers.push(
      request.sizes().then(
        (sizes) => ({
          path: new URL(request.url()).pathname,
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        }),
        () => null,
      ),
    );
  });
  return async () => (await Promise.all(transfers)).filter((transfer) => transfer !== null);
}

export const totalBytes = (transfers: Transfer[]) =>
  transfers.reduce((sum, transfer) => sum + transfer.bytes, 0);
