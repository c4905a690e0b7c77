import { useEffect, useState } from 'react';

export const MIN_LOADING_MS = 2000;
export const SEARCH_DEBOUNCE_MS = 300;

/** Spec §2/§9: a loading indicator, once shown, stays at least `minMs` so it never flickers. */
export function useMinimumDuration(active: boolean, minMs = MIN_LOADING_MS): boolean {
  const [shownSince, setShownSince] = useState<number | null>(null);
  const [, force] = useState(0);
  // Timer bookkeeping, not data: effects are the right tool here.
  useEffect(() => {
    if (active && shownSince === null) setShownSince(Date.now());
  }, [active, shownSince]);
  useEffect(() => {
    if (active || shownSince === null) return;
    const left = minMs - (Date.now() - shownSince);
    if (left <= 0) {
      setShownSince(null);
      return;
    }
    const id = setTimeout(() => {
      setShownSince(null);
      force((n) => n + 1);
    }, left);
    return () => clearTimeout(id);
  }, [active, shownSince, minMs]);
  return active || shownSince !== null;
}
