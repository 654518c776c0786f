import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const BLOCKING_IMPACTS: readonly ImpactValue[] = ['serious', 'critical'];

export interface Violation {
  rule: string;
  impact: ImpactValue | null;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: string; html: string; summary: string }>;
}

/**
 * Runs axe-core in the page. The script is evaluated through the DevTools protocol, which the
 * site's Content-Security-Policy (script-src 'self') does not govern, so nothing is loosened.
 */
export async function scanPage(page: Page, options: RunOptions = {}): Promise<Violation[]> {
  await animationsSettled(page);
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run(context: Document, o: object): Promise<AxeResults> } }).axe
        .run(document, runOptions)
        .then((r) => JSON.parse(JSON.stringify(r.violations)) as Result[]),
    { resultTypes: ['violations'], ...options } as RunOptions,
  );
  return results.map((result) => ({
    rule: result.id,
    impact: result.impact ?? null,
    help: result.help,
    helpUrl: result.helpUrl,
    nodes: result.nodes.map((node) => ({
      target: node.target.map(String).join(' '),
      html: node.html.length > 160 ? `${node.html.slice(0, 157)}...` : node.html,
      summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
    })),
  }));
}

/**
 * Waits for every finite animation and transition (a dialog fading in, a colour scheme easing
 * over) to end: axe reads colours as they are at that instant, and half-faded text is not what a
 * reader sees. Endless animations, such as a spinner, are not waited for, nor those that follow
 * the page's scroll instead of time (the menu button's look), which end only when it is scrolled.
 */
async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.timeline instanceof DocumentTimeline)
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** One line per rule, one indented line per node: what a failing test should print. */
export function formatViolations(where: string, violations: Violation[]): string {
  if (violations.length === 0) return `${where}: no violations`;
  const lines = [`${where}: ${violations.length} rule(s) violated`];
  for (const violation of violations) {
    lines.push(
      `  [${violation.impact}] ${violation.rule}: ${violation.help} (${violation.helpUrl})`,
    );
    for (const node of violation.nodes.slice(0, 8)) {
      lines.push(`      ${node.target}  ${node.html}`);
      if (node.summary) lines.push(`        ${node.summary}`);
    }
    if (violation.nodes.length > 8) lines.push(`      ... and ${violation.nodes.length - 8} more`);
  }
  return lines.join('\n');
}
