import { startSmtpSink, type SmtpSink } from '@quillpost/api/test-support/smtp-sink';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { waitForMail } from './mail.js';
import { startSite, type RunningSite } from './site.js';

/** What one journey file runs against: a real SMTP sink, the production site and Chromium. */
export interface Stack {
  sink: SmtpSink;
  site: RunningSite;
  browser: Browser;
  stop(): Promise<void>;
}

/** Starts sink, site (pointed at the sink, plus `env`) and browser; stops whatever started if one fails. */
export async function startStack(options: { env?: Record<string, string> } = {}): Promise<Stack> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) await step().catch(() => undefined);
  };
  try {
    const sink = await startSmtpSink();
    stops.push(() => sink.close());
    const site = await startSite({ smtpUrl: sink.url, env: options.env ?? {} });
    stops.push(() => site.stop());
    const browser = await launchBrowser();
    stops.push(() => browser.close());
    return { sink, site, browser, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /**
   * Uncaught exceptions thrown in the page, and what the site's Content-Security-Policy refused
   * (Chromium logs each refusal as a console error): a journey that passes with one of these
   * still failed.
   */
  pageErrors: string[];
  close(): Promise<void>;
}

/** A fresh context (no cookies, empty local storage) and one page in it. */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<OpenedPage> {
  const context = await browser.newContext(options);
  // Short enough that a missing text fails fast with the locator in the message.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  context.on('weberror', (error) => pageErrors.push(error.error().message));
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      pageErrors.push(message.text());
    }
  });
  return { context, page, pageErrors, close: () => context.close() };
}

/** Unique per run, so the API's per-address rate limits never carry over between tests. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
}

/** What the API says about a browser's session (the context's cookies). */
export async function isSignedIn(context: BrowserContext, siteUrl: string): Promise<boolean> {
  const response = await context.request.get(siteUrl + '/api/auth/session');
  return ((await response.json()) as { authenticated?: unknown }).authenticated === true;
}

/**
 * Signs a browser context in through the API, the way the dialog's code form does: request a
 * magic link, read the 6-digit code from the mail at the sink, post it. For journeys that need
 * a signed-in visitor but are not about signing in.
 */
export async function signInByCode(
  context: BrowserContext,
  stack: Pick<Stack, 'site' | 'sink'>,
  email: string,
): Promise<void> {
  const headers = { origin: stack.site.url };
  const earlier = stack.sink.messagesTo(email).filter((mail) => /sign-in link/.test(mail.subject));
  const requested = await context.request.post(stack.site.url + '/api/auth/magic-link', {
    headers,
    data: { email, returnUrl: '/' },
  });
  if (!requested.ok()) throw new Error(`magic link request: ${requested.status()}`);
  const mail = await waitForMail(stack.sink, email, /sign-in link/, { skip: earlier.length });
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No 6-digit code in "${mail.subject}"`);
  const signedIn = await context.request.post(stack.site.url + '/api/auth/magic-link/code', {
    headers,
    data: { email, code },
  });
  if (!signedIn.ok())
    throw new Error(`code sign-in: ${signedIn.status()} ${await signedIn.text()}`);
}

/**
 * Opens `url` and waits until the app has hydrated the server's HTML: the page is readable at
 * once, but its buttons only work after that (the app loads once the page has painted).
 */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  // A reading page is ready once its islands' boot has run (html[data-enhanced], decision 0035);
  // the members area and the console once React has hydrated them.
  await page.waitForFunction(() => {
    if (document.documentElement.hasAttribute('data-enhanced')) return true;
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}
