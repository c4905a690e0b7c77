import { clientErrorBody } from '@app/contracts/client-errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Sent = { url: string; body: unknown };

describe('client error reports', () => {
  let sent: Sent[];
  beforeEach(() => {
    vi.resetModules(); // the module's once-per-message memory starts empty
    sent = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return new Response('{"ok":true}', { status: 200 });
    });
    window.history.replaceState(null, '', '/dashboard/chat/1/abc?token=secret#x');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('posts a valid body to /api/client-errors/: the page path without its query, the text cut to 2,900 characters', async () => {
    const { reportClientError } = await import('./error-report');
    const err = new TypeError(`x is undefined ${'y'.repeat(5000)}`);
    reportClientError('error', err);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/client-errors/');
    const body = clientErrorBody.parse(sent[0]!.body);
    expect(body).toMatchObject({ kind: 'error', path: '/dashboard/chat/1/abc' });
    expect(body.message.length).toBe(2900);
    expect(body.stack!.length).toBeLessThanOrEqual(2900);
  });

  it('reports the same error once and at most 10 a page; window errors and unhandled rejections are caught', async () => {
    const { installErrorReporting, reportClientError } = await import('./error-report');
    reportClientError('unhandledrejection', 'same');
    reportClientError('unhandledrejection', 'same');
    expect(sent).toHaveLength(1);
    installErrorReporting();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom from a handler'), message: 'boom from a handler' }));
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new Error('nobody caught me');
    window.dispatchEvent(rejection);
    expect(sent.map((s) => (s.body as { kind: string; message: string }).message)).toEqual(['same', 'boom from a handler', 'nobody caught me']);
    for (let i = 0; i < 20; i += 1) reportClientError('error', `e${i}`);
    expect(sent).toHaveLength(10);
  });
});
