/**
 * `pnpm bench`: runs every API benchmark in sequence (never in parallel: they share two cores).
 * Add a file by exporting `run()` from it and listing it here.
 */
const benches: Array<[string, () => Promise<{ run: () => Promise<void> }>]> = [
  ['subscribe', () => import('./subscribe.js')],
  ['posts', () => import('./posts.js')],
  ['pages', () => import('./pages.js')],
  ['backup', () => import('./backup.js')],
  ['images', () => import('./images.js')],
  ['image-load', () => import('./image-load.js')],
  ['analytics', () => import('./analytics.js')],
  ['newsletter', () => import('./newsletter.js')],
  ['imports', () => import('./imports.js')],
  ['fediverse-fanout', () => import('./fediverse-fanout.js')],
];

for (const [name, load] of benches) {
  const started = performance.now();
  const { run } = await load();
  await run();
  console.log(`[bench] ${name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
