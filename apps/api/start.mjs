// `pnpm start`: the built server, or a clear word when nothing has been built yet.
import fs from 'node:fs';

const server = new URL('./dist/server.js', import.meta.url);
if (!fs.existsSync(server)) {
  console.error('The server is not built yet: run `pnpm build` first, then `pnpm start`.');
  process.exit(1);
}
await import(server.href);
