/**
 * The deployment files stay in step with the code (issue 30 item 6, docs/deploy.md): every setting
 * of config.ts is in the README's table, the compose file sets only real settings and its balancer
 * lists its API instances, the image starts the API as `npm start` does, as a non-root user.
 * Building the image is a separate command (docs/deploy.md): it needs a container daemon and the
 * base image's registry, which CI does not have.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ENV, API_NODE_FLAGS } from '../../../scripts/lib.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The variables `loadConfig` reads: the keys of its `envSchema`. */
function settings(): string[] {
  const source = read('apps/api/src/config.ts');
  const body = source.slice(source.indexOf('const envSchema = z.object({'), source.indexOf('\n});', source.indexOf('const envSchema')));
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
}

describe('deployment files', () => {
  it('every setting is in the README’s configuration table', () => {
    const readme = read('README.md');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 5));
    expect(settings().length).toBeGreaterThan(50);
    expect(settings().filter((name) => !table.includes(`\`${name}\``))).toEqual([]);
  });

  it('compose: two API instances behind the balancer, with real settings only', () => {
    // The instances share the `x-api` anchor: its environment is theirs (read without a YAML parser).
    const compose = read('compose.yaml');
    const anchor = compose.slice(compose.indexOf('x-api: &api'), compose.indexOf('\nservices:'));
    const env = Object.fromEntries([...anchor.matchAll(/^ {4}([A-Z][A-Z0-9_]+): (.*)$/gm)].map((m) => [m[1]!, m[2]!.replace(/^"|"$/g, '')]));
    const apis = [...compose.matchAll(/^ {2}([\w-]+): \*api$/gm)].map((m) => m[1]);
    expect(apis).toEqual(['api-1', 'api-2']);
    const known = new Set(settings());
    expect(Object.keys(env).filter((k) => !known.has(k))).toEqual([]);
    expect(env).toMatchObject({ DATABASE_URL: expect.stringMatching(/^postgres:/), REDIS_URL: expect.stringMatching(/^redis:/), S3_BUCKET: expect.any(String), TRUST_PROXY: 'true' });
    const upstream = [...read('deploy/nginx.conf').matchAll(/^\s*server\s+([\w-]+):3000/gm)].map((m) => m[1]);
    expect(upstream).toEqual(apis);
  });

  it('the balancer overwrites X-Forwarded-For with the address it saw (TRUST_PROXY=true is one hop: decision 047)', () => {
    const nginx = read('deploy/nginx.conf');
    const forwarded = [...nginx.matchAll(/^\s*proxy_set_header\s+X-Forwarded-For\s+(\S+);/gim)].map((m) => m[1]);
    expect(forwarded).toEqual(['$remote_addr']);
  });

  it('the image runs the API as `npm start` does, as a non-root user, with PGlite in /data by default', () => {
    const dockerfile = read('Dockerfile');
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    expect(cmd).toEqual(['node', ...(API_NODE_FLAGS as string[]), '--import', 'tsx', 'apps/api/src/main.ts']);
    expect(read('scripts/start.mjs')).toContain("[...API_NODE_FLAGS, '--import', 'tsx', 'apps/api/src/main.ts'], { stdio: 'inherit', cwd: root, env: apiEnv() }");
    // The process environment npm start gives it (malloc arenas, decision 045) is the image's too.
    for (const [name, value] of Object.entries(API_ENV)) expect(dockerfile).toContain(`${name}=${value}`);
    expect(/^USER (\S+)$/m.exec(dockerfile)?.[1]).toBe('node');
    expect(dockerfile).toMatch(/^RUN npm ci /m);
    expect(dockerfile).toMatch(/DATA_DIR=\/data/);
    expect(dockerfile).not.toMatch(/DATABASE_URL=/);
  });
});
