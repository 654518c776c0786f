// Imported first by every entry point, before anything native loads: better-sqlite3's Node-API
// binary crashes older Nodes in native code without a word, and Node 24 is the one runtime the
// project is built and tested on (docs/decisions/0022-node-24-the-one-runtime.md).
const REQUIRED_MAJOR = 24;

if (Number(process.versions.node.split('.')[0]) < REQUIRED_MAJOR) {
  console.error(
    `Quillpost runs on Node ${REQUIRED_MAJOR} LTS or later; this is Node ${process.version}. ` +
      `From a checkout, \`pnpm exec node\` is the project's own Node ${REQUIRED_MAJOR}.`,
  );
  process.exit(1);
}
