import type { AuthResponse } from '@app/contracts/auth';
import type { Member } from '@app/contracts/members';

/**
 * The signed-in member and the short-lived access token, in memory only. The refresh token lives
 * in an httpOnly cookie the browser sends to /api/auth/refresh/.
 */
export interface AuthState {
  accessToken: string | null;
  member: Member | null;
  /** Signed in with a mailed temporary password: a new one must be chosen before anything else. */
  mustChangePassword: boolean;
}

/** A hint that a refresh cookie may exist (the cookie itself is httpOnly and invisible here). */
const HINT_KEY = 'has_session';
export const sessionHint = {
  present: () => window.localStorage.getItem(HINT_KEY) === '1',
  set: () => window.localStorage.setItem(HINT_KEY, '1'),
  clear: () => window.localStorage.removeItem(HINT_KEY),
};

let state: AuthState = { accessToken: null, member: null, mustChangePassword: false };
const listeners = new Set<() => void>();

export const authStore = {
  get: () => state,
  subscribe(fn: () => void) {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
  setFromAuth(res: AuthResponse) {
    const { access_token, refresh_token: _refresh, must_change_password, ...member } = res;
    state = { accessToken: access_token, member, mustChangePassword: must_change_password };
    sessionHint.set();
    listeners.forEach((l) => l());
  },
  setMember(member: Member) {
    state = { ...state, member };
    listeners.forEach((l) => l());
  },
  clear() {
    state = { accessToken: null, member: null, mustChangePassword: false };
    sessionHint.clear();
    listeners.forEach((l) => l());
  },
};
