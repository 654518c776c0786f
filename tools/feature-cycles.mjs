/**
 * Feature-level cycles in the web app: a feature that imports another (statically or lazily,
 * through its index.ts or not) which imports it back, directly or through others. The per-file
 * cycle check (dpdm) cannot see these: each file's imports may be acyclic while the features they
 * belong to loop, and a lazy import hides a dependency from it altogether. Tests and test
 * support may reach across. Run by `pnpm cycles`; tests/e2e/lint-edges.test.ts proves it fails.
 */
import fs from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:from\s*|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
const SKIP = /\.test\.tsx?$|\/testing\/|\/test\//;

/** feature → the other features its files import, for the features under `featuresDir`. */
export function featureGraph(featuresDir) {
  const graph = new Map();
  for (const feature of fs.readdirSync(featuresDir)) {
    const root = path.join(featuresDir, feature);
    if (!fs.statSync(root).isDirectory()) continue;
    const uses = new Set();
    const visit = (dir) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) visit(file);
        else if (/\.tsx?$/.test(entry.name) && !SKIP.test(file)) {
          for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
            const target = path.relative(featuresDir, path.resolve(dir, spec)).split(path.sep);
            if (target[0] !== '..' && target[0] !== feature) uses.add(target[0]);
          }
        }
      }
    };
    visit(root);
    graph.set(feature, uses);
  }
  return graph;
}

/** Every cycle, as the features along it ('a → b → a'), each once. */
export function featureCycles(graph) {
  const cycles = new Set();
  const walk = (start, at, trail) => {
    for (const next of graph.get(at) ?? []) {
      if (next === start) {
        // Named from its smallest feature, so a cycle found from each member counts once.
        const smallest = trail.indexOf([...trail].sort()[0]);
        const turned = [...trail.slice(smallest), ...trail.slice(0, smallest)];
        cycles.add([...turned, turned[0]].join(' → '));
      } else if (!trail.includes(next)) walk(start, next, [...trail, next]);
    }
  };
  for (const feature of graph.keys()) walk(feature, feature, [feature]);
  return [...cycles].sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(import.meta.dirname, '../apps/web/src/features');
  const cycles = featureCycles(featureGraph(dir));
  if (cycles.length) {
    console.error(`Features that import each other:\n${cycles.map((c) => `  ${c}`).join('\n')}`);
    process.exit(1);
  }
  console.log('No feature imports, directly or lazily, one that imports it back.');
}
