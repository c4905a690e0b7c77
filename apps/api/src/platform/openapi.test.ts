import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('OpenAPI and error mapping', () => {
  it('serves the OpenAPI document generated from the contracts at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/sign-in/', '/api/chatbots/{id}/chat/', '/api/sessions/{hash}/history/', '/api/members/{id}/credit-check/']));
    const signIn = doc.paths['/api/auth/sign-in/'].post;
    expect(signIn.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
  it('unknown API routes answer 404 with the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope/' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
  it('malformed JSON is a 400, never a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
  });
});
