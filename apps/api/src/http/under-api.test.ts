import express, { Router } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { underApi } from './under-api.js';

describe('underApi', () => {
  it('answers its API routes and lets every other request pass it by', async () => {
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

    expect((await request(app).get('/api/things/7')).body).toEqual({ id: '7' });
    expect((await request(app).get('/things/7')).text).toBe('a page');
    expect(entered).toEqual(['/api/things/7']);
  });

  it('refuses, as the app is built, a router that answers outside /api/', () => {
    const page = Router();
    page.get('/things/:id', (_req, res) => void res.end());
    expect(() => underApi(page)).toThrow('/things/:id');

    const everywhere = Router();
    everywhere.use((_req, _res, next) => next());
    expect(() => underApi(everywhere)).toThrow('not under /api/');
  });
});
