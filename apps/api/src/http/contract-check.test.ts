import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { responseContractCheck } from './contract-check.js';
import { errorHandler } from './errors.js';
import { createLogger } from '../logger.js';

/** An app answering fixed bodies at a few paths, behind the check. */
function appAnswering(answers: Record<string, { status?: number; body: unknown }>) {
  const app = express();
  app.use(responseContractCheck());
  for (const [path, { status = 200, body }] of Object.entries(answers)) {
    app.get(path, (_req, res) => {
      res.status(status).json(body);
    });
  }
  app.use(errorHandler(createLogger('silent')));
  return app;
}

describe('the response contract check', () => {
  it('passes answers that match their endpoint', async () => {
    const app = appAnswering({
      '/api/health': { body: { success: true, status: 'ok', time: '2026-01-01T00:00:00Z' } },
    });
    expect((await request(app).get('/api/health')).status).toBe(200);
  });

  it('turns an answer that drifted from its schema into a 500', async () => {
    const app = appAnswering({ '/api/health': { body: { success: true } } });
    const res = await request(app).get('/api/health');
    expect(res.status).toBe(500);
  });

  it('refuses a JSON answer from a path the catalogue does not list', async () => {
    const app = appAnswering({ '/api/undeclared': { body: { success: true } } });
    expect((await request(app).get('/api/undeclared')).status).toBe(500);
  });

  it('leaves failures, downloads and other paths alone', async () => {
    const app = appAnswering({
      '/api/health': { status: 503, body: { success: false } },
      '/feed.json': { body: { version: 'https://jsonfeed.org/version/1.1' } },
    });
    expect((await request(app).get('/api/health')).status).toBe(503);
    expect((await request(app).get('/feed.json')).status).toBe(200);
  });
});
