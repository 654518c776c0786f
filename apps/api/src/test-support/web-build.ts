import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A small web build in a temp folder, shaped like apps/web's (index.html with its placeholders,
 * hashed assets, a Vite manifest and dist/server/entry-server.js), whose renderer reads posts
 * through the ContentReader it is given. It lets API tests load, serve and cache pages without
 * building the real web app, which the end-to-end tests use. Each render writes a count into the
 * page, so a test can tell a cached page from a new render. As the real pages do, a post's page
 * shows the conversation under it and the blog's list the comment counts (in an <aside>).
 */
export function createWebBuild() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-web-'));
  const write = (relative: string, text: string) => {
    const file = path.join(dir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };
  write(
    'index.html',
    [
      '<!doctype html><html><head>',
      '<script type="module" crossorigin src="/assets/app-abc123.js"></script>',
      '<!--app-head--></head>',
      '<body><div id="root"><!--app-html--></div><!--app-data--></body></html>',
    ].join('\n'),
  );
  write('assets/app-abc123.js', 'console.log("app")');
  write('assets/post-page-def456.js', 'export default 1');
  write('assets/prose-789.js', 'export default 2');
  write('humans.txt', 'Written by hand.');
  write(
    '.vite/manifest.json',
    JSON.stringify({
      _app: { file: 'assets/app-abc123.js' },
      'src/pages/post-page.tsx': {
        file: 'assets/post-page-def456.js',
        imports: ['_app', '_prose'],
      },
      _prose: { file: 'assets/prose-789.js', imports: ['_app'] },
    }),
  );
  write(
    'server/entry-server.js',
    `let renders = 0;
const escape = (text) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');
export function createPageRenderer({ reader, publicUrl, template, preloadsFor }) {
  return {
    async render(url) {
      const { pathname, searchParams } = new URL(url, publicUrl);
      if (pathname === '/old') return { kind: 'redirect', status: 301, location: '/new' };
      if (pathname === '/broken') {
        return { kind: 'page', status: 500, html: '<p>Something went wrong</p>', personal: false, error: 'Error: loader bug' };
      }
      const personal = pathname.startsWith('/members');
      let status = 200;
      let body = 'Home';
      let aside = '';
      const modules = [];
      if (personal) body = 'Members ' + searchParams;
      if (pathname === '/blog') {
        const category = searchParams.get('category');
        status = category === 'nope' ? 404 : 200;
        body = 'Blog: ' + (category ?? 'every post') + (searchParams.size > 1 ? ' and more' : '');
        const counts = await reader.commentCounts();
        if (counts.ok) aside = 'Comments: ' + JSON.stringify(counts.data.counts);
      }
      const post = /^\\/posts\\/([^/]+)$/.exec(pathname);
      if (post) {
        modules.push('src/pages/post-page.tsx');
        const [result, conversation] = await Promise.all([
          reader.post(post[1]),
          reader.conversation('post', post[1]),
        ]);
        status = result.ok ? 200 : result.status;
        body = result.ok ? result.data.title : 'Post not found';
        if (conversation.ok) {
          aside = 'Comments: ' + conversation.data.comments.map((comment) => comment.body).join(' | ');
        }
      }
      renders += 1;
      const head = '<title>' + escape(body) + '</title>' +
        preloadsFor(modules).map((href) => '<link rel="modulepreload" href="' + href + '">').join('');
      const html = template
        .replace('<!--app-head-->', head)
        .replace('<!--app-html-->', '<main>' + escape(body) + '</main>' + (aside && '<aside>' + escape(aside) + '</aside>') + '<!-- render ' + renders + ' -->')
        .replace('<!--app-data-->', '');
      return { kind: 'page', status, html, personal };
    },
  };
}
`,
  );
  return {
    dir,
    write,
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
