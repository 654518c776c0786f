import express, { Router } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { underApi } from './under-api.js';

describe('underApi', () => {
  it('answers its own areas of the API, as Express matches them, and lets every other request pass it by', async () => {
    const entered: string[] = [];
    const router = Router();
    router.use('/api/things', (req, _res, next) => {
      entered.push(req.originalUrl);
      next();
    });
    router.get('/api/things/:id', (req, res) => void res.json({ id: req.params.id }));
    const app = express();
    app.use(underApi(router));
    app.get('/things/:id', (_req, res) => void res.send('a page'));
    app.get('/api/other', (_req, res) => void res.send('another area'));

    expect((await request(app).get('/api/things/7')).body).toEqual({ id: '7' });
    expect((await request(app).get('/API/Things/8/')).body).toEqual({ id: '8' });
    expect((await request(app).get('/things/7')).text).toBe('a page');
    expect((await request(app).get('/api/other')).text).toBe('another area');
    expect(entered).toEqual(['/api/things/7', '/API/Things/8/']);
  });

  it('enters for every API request when a route’s area is a parameter', async () => {
    const router = Router();
    router.get('/api/:area/count', (req, res) => void res.json({ area: req.params.area }));
    const app = express();
    app.use(underApi(router));
    expect((await request(app).get('/api/posts/count')).body).toEqual({ area: 'posts' });
  });

  it('refuses, as the app is built, a router that answers outside /api/', () => {
    const page = Router();
    page.get('/things/:id', (_req, res) => void res.end());
    expect(() => underApi(page)).toThrow('/things/:id');

    const everywhere = Router();
    everywhere.use((_req, _res, next) => next());
    expect(() => underApi(everywhere)).toThrow('a middleware for every path');
  });
});
