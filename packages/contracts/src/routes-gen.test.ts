import { describe, expect, it } from 'vitest';
import { currentRoutes, renderRoutes } from './routes-gen';

describe('routes.gen.ts', () => {
  it('is the endpoint tables as they are now (run `npm run gen:routes` after changing an endpoint)', async () => {
    expect(currentRoutes()).toBe(await renderRoutes());
  });
});
