import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { buildTestApp, type TestApp, testConfig } from '../test/test-app';
import { readiness } from './health';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const up = { raw: () => Promise.resolve([]) };
const down = { raw: () => Promise.reject(new Error('connect ECONNREFUSED')) };
const hanging = { raw: () => new Promise<never>(() => undefined) };

describe('health and readiness', () => {
  it('liveness and readiness answer with and without the trailing slash, without a tenant or token', async () => {
    for (const url of ['/api/health/', '/api/health']) expect((await t.app.inject({ url })).json()).toEqual({ ok: true });
    for (const url of ['/api/ready/', '/api/ready']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, database: 'up', redis: 'unconfigured', draining: false });
    }
  });

  it('not ready while the database or a configured Redis does not answer (2 s at most)', async () => {
    const lifecycle = { draining: false };
    expect(await readiness({ database: down, lifecycle })).toMatchObject({ ok: false, database: 'down', redis: 'unconfigured' });
    expect(await readiness({ database: up, redis: { ping: () => Promise.reject(new Error('ECONNREFUSED')) }, lifecycle })).toMatchObject({ ok: false, database: 'up', redis: 'down' });
    expect(await readiness({ database: up, redis: { ping: () => Promise.resolve('PONG') }, lifecycle })).toMatchObject({ ok: true, redis: 'up' });
    const started = Date.now();
    expect(await readiness({ database: hanging, lifecycle })).toMatchObject({ ok: false, database: 'down' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a draining instance answers 503 `unavailable` to readiness and to every other request, liveness still 200', async () => {
    expect(await t.built.drain(0)).toEqual({ running: 0, stopped: 0 });
    const ready = await t.app.inject({ url: '/api/ready/' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ error: { code: 'unavailable', details: { ok: false, database: 'up', draining: true } } });
    const other = await t.app.inject({ url: '/api/tenants/', headers: { 'x-tenant-subdomain': t.a.subdomain } });
    expect(other.statusCode).toBe(503);
    expect(other.headers.connection).toBe('close');
    expect((await t.app.inject({ url: '/api/health/' })).statusCode).toBe(200);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(Boolean(serverUrl))('readiness when the PostgreSQL server goes away', () => {
  it('503 with database down once the database is gone, liveness still 200', async () => {
    const name = `ready_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const onServer = async (statement: string) => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(statement).finally(() => c.end());
    };
    await onServer(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const built = await buildApp({ ...testConfig(), database: { kind: 'postgres', url: url.toString() } });
    try {
      expect((await built.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
      await onServer(`drop database ${name} with (force)`);
      const res = await built.app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: { code: 'unavailable', details: { database: 'down', draining: false } } });
      expect((await built.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await built.close().catch(() => undefined);
      await onServer(`drop database if exists ${name} with (force)`);
    }
  });
});
