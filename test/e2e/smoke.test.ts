import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startApp, type TestApp } from '../support/app.js';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => t?.close());

  it('logs in and lists websites', async () => {
    const agent = request.agent(t.url);
    const login = await agent.post('/api/auth/login').send(DEMO);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const list = await agent.get('/api/websites');
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toMatch(/^websites 0-1\/2$/);
    console.log(list.body.map((w: any) => [w.name, w.allowedActions]));
  });
});
