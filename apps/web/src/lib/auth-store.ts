import type { AuthResponse } from '@app/contracts/auth';
import type { Member } from '@app/contracts/members';

/**
 * The signed-in member and the short-lived access token, in memory only. The refresh token lives
 * in an httpOnly cookie the browser sends to /api/auth/refresh/.
 */
export interface AuthState {
  accessToken: string | null;
  member: Member | null;
}

/** A hint that a refresh cookie may exist (the cookie itself is httpOnly and invisible here). */
const HINT_KEY = 'has_session';
export const sessionHint = {
  present: () => window.localStorage.getItem(HINT_KEY) === '1',
  set: () => window.localStorage.setItem(HINT_KEY, '1'),
  clear: () => window.localStorage.removeItem(HINT_KEY),
};

let state: AuthState = { accessToken: null, member: null };
const listeners = new Set<() => void>();

export const authStore = {
  get: () => state,
  subscribe(fn: () => void) {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
  setFromAuth(res: AuthResponse) {
    const { access_token, refresh_token: _refresh, ...member } = res;
    state = { accessToken: access_token, member };
    sessionHint.set();
    listeners.forEach((l) => l());
  },
  setMember(member: Member) {
    state = { ...state, member };
    listeners.forEach((l) => l());
  },
  clear() {
    state = { accessToken: null, member: null };
    sessionHint.clear();
    listeners.forEach((l) => l());
  },
};
