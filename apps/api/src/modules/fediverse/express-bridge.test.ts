/**
 * The Express 5 bridge to Fedify: what Fedify answers comes back whole, addresses are the site's
 * public ones whatever Host a request claims, big bodies are refused before Fedify reads them,
 * and everything Fedify does not answer reaches the site's own routes.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createFederation, MemoryKvStore } from '@fedify/fedify';
import { Person } from '@fedify/vocab';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../../http/errors.js';
import { createLogger } from '../../logger.js';
import { federationBridge } from './express-bridge.js';

function siteWithFederation() {
  const federation = createFederation<void>({ kv: new MemoryKvStore() });
  federation
    .setActorDispatcher('/ap/users/{identifier}', (ctx, identifier) =>
      identifier === 'site'
        ? new Person({ id: ctx.getActorUri(identifier), preferredUsername: identifier })
        : null,
    )
    .setKeyPairsDispatcher(() => []);
  federation.setInboxListeners('/ap/users/{identifier}/inbox', '/ap/inbox');
  const app = express();
  app.use(
    federationBridge(() => Promise.resolve(federation), {
      publicUrl: 'https://site.example',
      maxBodyBytes: 1_000,
      contextData: () => undefined,
    }),
  );
  app.get('/posts/:slug', (_req, res) => res.type('html').send('<p>the page</p>'));
  app.use((_req, res) => res.status(404).send('the site’s own 404'));
  app.use(errorHandler(createLogger('silent')));
  return app;
}

describe('the Fedify bridge', () => {
  it('answers the actor with addresses from PUBLIC_URL, whatever the Host header says', async () => {
    const res = await request(siteWithFederation())
      .get('/ap/users/site')
      .set('Host', 'attacker.example')
      .set('Accept', 'application/activity+json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/activity\+json/);
    const actor = JSON.parse(res.text) as { id: string; inbox?: string };
    expect(actor.id).toBe('https://site.example/ap/users/site');
    expect(res.text).not.toContain('attacker.example');
  });

  it("lets the site's routes answer what Fedify does not", async () => {
    const app = siteWithFederation();
    const page = await request(app).get('/posts/hello').set('Accept', 'text/html');
    expect(page.text).toBe('<p>the page</p>');
    expect(page.headers.vary).toMatch(/\bAccept\b/);
    const unknownActor = await request(app)
      .get('/ap/users/nobody')
      .set('Accept', 'application/activity+json');
    expect(unknownActor.status).toBe(404);
    expect(unknownActor.text).toBe('the site’s own 404');
    const elsewhere = await request(app).get('/about').set('Accept', 'application/activity+json');
    expect(elsewhere.text).toBe('the site’s own 404');
  });

  it('refuses a body over the cap with 413, declared or streamed', async () => {
    const app = siteWithFederation();
    const big = JSON.stringify({ type: 'Create', padding: 'x'.repeat(2_000) });
    const declared = await request(app)
      .post('/ap/inbox')
      .set('Content-Type', 'application/activity+json')
      .send(big);
    expect(declared.status).toBe(413);
    expect(declared.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });

    // Chunked, with no length declared: counted as it comes.
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const streamed = await fetch(`http://127.0.0.1:${port}/ap/inbox`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/activity+json' },
        body: new Blob([big]).stream(),
        duplex: 'half',
      } as RequestInit);
      expect(streamed.status).toBe(413);
    } finally {
      server.close();
    }
  });
});
