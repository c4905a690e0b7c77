import type { AddressInfo } from 'node:net';
import ldap from 'ldapjs';

export interface DirectoryPersonFixture {
  password: string;
  attributes: Record<string, string>;
}

export interface TestDirectory {
  url: string;
  /** `uid={user_id},<base>` */
  bindDnTemplate: string;
  baseDn: string;
  close(): Promise<void>;
}

/**
 * A real LDAP server (ldapjs) on loopback for the directory platform tests: people under
 * `ou=people,dc=corp,dc=test`, each binding with their own password and reading their entry.
 */
export async function startTestDirectory(people: Record<string, DirectoryPersonFixture>): Promise<TestDirectory> {
  const baseDn = 'ou=people,dc=corp,dc=test';
  const dnOf = (uid: string) => `uid=${uid},${baseDn}`;
  const byDn = new Map(Object.entries(people).map(([uid, p]) => [dnOf(uid), { uid, ...p }]));
  const server = ldap.createServer();
  server.bind(baseDn, (req: { dn: { toString(): string }; credentials: string }, res: { end(): void }, next: (err?: unknown) => void) => {
    const person = byDn.get(req.dn.toString().replace(/\s/g, ''));
    if (!person || person.password !== req.credentials) return next(new ldap.InvalidCredentialsError());
    res.end();
    return next();
  });
  server.search(baseDn, (req: { dn: { toString(): string } }, res: { send(entry: object): void; end(): void }, next: () => void) => {
    const dn = req.dn.toString().replace(/\s/g, '');
    const person = byDn.get(dn);
    if (person) res.send({ dn, attributes: { uid: person.uid, ...person.attributes } });
    res.end();
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  // @types/ldapjs lacks address(); the server is a net.Server underneath.
  const port = ((server as unknown as { address(): AddressInfo }).address()).port;
  return {
    url: `ldap://127.0.0.1:${port}`,
    bindDnTemplate: `uid={user_id},${baseDn}`,
    baseDn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
