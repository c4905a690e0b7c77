const COOKIE = 'tenant';

function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/**
 * The tenant subdomain sent with every call (architecture §2): the `tenant` cookie, set from the
 * host's first label (acme.example.com → acme). On localhost or an IP there is none and the
 * server uses its DEFAULT_TENANT.
 */
export function currentTenant(): string | undefined {
  const fromCookie = readCookie(COOKIE);
  if (fromCookie) return decodeURIComponent(fromCookie);
  const host = window.location.hostname;
  const labels = host.split('.');
  if (labels.length < 3 || /^\d+$/.test(labels[labels.length - 1] ?? '')) return undefined;
  const sub = labels[0]!.toLowerCase();
  document.cookie = `${COOKIE}=${encodeURIComponent(sub)}; path=/; SameSite=Lax`;
  return sub;
}
