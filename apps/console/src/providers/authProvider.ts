import type { AuthProvider, UserIdentity } from 'react-admin';
import type { ApiErrorBody, ConsolePermissions, CurrentUser } from '../types';
import { API_URL } from './http';

/** Demo mode (`GET /api/auth/user`'s `demo`): the organisation the session shows read-only. */
export interface DemoMode {
  organisationId: string | number;
  name: string;
}

/** `GET /api/auth/user` with its demo-mode fields. */
export type UserWithDemo = CurrentUser & { demo?: DemoMode | null; demoAvailable?: boolean };

/** How long `GET /api/auth/user` is trusted before it is asked again (one request per burst of navigation). */
const USER_TTL_MS = 15_000;
/** How long a 401 from it is trusted (the login page and the router ask together). */
const ANONYMOUS_TTL_MS = 2_000;

let cachedUser: CurrentUser | null = null;
let cachedAt = 0;
let anonymousAt = 0;
let pending: Promise<CurrentUser | null> | null = null;
/** Set once a session was seen, so an expired one gets a message and a first visit does not. */
let hadSession = false;

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** Message keys of the auth provider's own failures (react-admin translates what it shows). */
const NETWORK_ERROR = 'console.login.networkError';

const messageOf = (body: unknown, fallback: string): string => {
  const message = (body as ApiErrorBody | null)?.message;
  if (typeof message === 'string' && message.trim()) return message;
  if (Array.isArray(message) && message.length) return String(message[0]);
  return fallback;
};

const clearUser = () => {
  cachedUser = null;
  cachedAt = 0;
  anonymousAt = 0;
  pending = null;
};

/**
 * `GET /api/auth/session`: the user (as `GET /api/auth/user` describes them) or `null` when not
 * signed in, always with 200 (a 401 would be logged by the browser on every first visit); throws
 * on anything else.
 */
const fetchUser = (): Promise<CurrentUser | null> => {
  if (!pending) {
    pending = fetch(`${API_URL}/auth/session`, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    })
      .then(async (response) => {
        const body = await readJson(response);
        if (!response.ok) throw new Error(messageOf(body, response.statusText));
        return (body as { user: CurrentUser | null } | null)?.user ?? null;
      })
      .then((user) => {
        cachedUser = user;
        cachedAt = user ? Date.now() : 0;
        anonymousAt = user ? 0 : Date.now();
        if (user) hadSession = true;
        return user;
      })
      .finally(() => {
        pending = null;
      });
  }
  return pending;
};

/** The current user, from the short-lived cache when fresh. */
export const getCurrentUser = async (force = false): Promise<CurrentUser | null> => {
  if (!force && cachedUser && Date.now() - cachedAt < USER_TTL_MS) return cachedUser;
  if (!force && !cachedUser && anonymousAt && Date.now() - anonymousAt < ANONYMOUS_TTL_MS) return null;
  return fetchUser();
};

const statusOf = (error: unknown): number | undefined => {
  if (error && typeof error === 'object' && 'status' in error) {
    const status = (error as { status?: unknown }).status;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
};

export const authProvider: AuthProvider = {
  async login(params: { username?: string; email?: string; password?: string }) {
    clearUser();
    let response: Response;
    try {
      response = await fetch(`${API_URL}/auth/login`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          email: (params.username ?? params.email ?? '').trim(),
          password: params.password ?? '',
        }),
      });
    } catch {
      throw new Error(NETWORK_ERROR);
    }
    const body = await readJson(response);
    if (!response.ok) {
      throw new Error(messageOf(body, response.status === 401 ? 'console.login.invalid' : response.statusText));
    }
    hadSession = true;
    await getCurrentUser(true).catch(() => null);
  },

  async logout() {
    const wasSignedIn = cachedUser !== null || hadSession;
    clearUser();
    hadSession = false;
    if (wasSignedIn) {
      await fetch(`${API_URL}/auth/logout`, { method: 'POST', credentials: 'include' }).catch(() => undefined);
    }
  },

  async checkAuth() {
    let user: CurrentUser | null;
    try {
      user = await getCurrentUser();
    } catch (error) {
      throw new Error(error instanceof Error ? error.message : NETWORK_ERROR);
    }
    if (!user) {
      // A first visit goes to the login page quietly; an expired session says so.
      throw hadSession ? { message: 'console.login.sessionEnded' } : { message: false };
    }
  },

  async checkError(error: unknown) {
    const status = statusOf(error);
    if (status === 401) {
      clearUser();
      const redirect = (error as { body?: ApiErrorBody }).body?.redirect;
      throw { redirectTo: redirect && redirect.startsWith('/') ? redirect : '/login' };
    }
    // 403: signed in but not allowed; react-admin shows the message, the session stays.
  },

  async getIdentity(): Promise<UserIdentity> {
    const user = await getCurrentUser();
    if (!user) throw new Error('console.login.notSignedIn');
    return {
      id: user.id,
      fullName: user.name,
      email: user.email,
      role: user.role,
      platformAdmin: user.platformAdmin === true,
      organisations: user.organisations ?? [],
      websites: user.websites ?? [],
      navigation: user.navigation ?? [],
      creates: user.creates ?? [],
      impersonatedBy: user.impersonatedBy ?? null,
      demo: (user as UserWithDemo).demo ?? null,
      demoAvailable: (user as UserWithDemo).demoAvailable === true,
    };
  },

  async getPermissions(): Promise<ConsolePermissions | null> {
    const user = await getCurrentUser();
    return user
      ? { role: user.role, platformAdmin: user.platformAdmin === true, navigation: user.navigation ?? [] }
      : null;
  },
};

/** Starts the console afresh at its dashboard (a full load: no cached user, no cached queries). */
const reloadConsole = () => {
  window.history.replaceState(null, '', '/#/');
  window.location.reload();
};

const postAuth = async (path: string): Promise<void> => {
  let response: Response;
  try {
    response = await fetch(`${API_URL}/auth/${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{}',
    });
  } catch {
    throw new Error(NETWORK_ERROR);
  }
  const body = await readJson(response);
  if (!response.ok) throw new Error(messageOf(body, response.statusText));
};

/** `POST /api/auth/login/as/{id}` (platform administrators), then the console as that user. */
export const loginAs = async (userId: string | number): Promise<void> => {
  clearUser();
  await postAuth(`login/as/${encodeURIComponent(String(userId))}`);
  clearUser();
  reloadConsole();
};

/** `POST /api/auth/logout/subUser`: back to the administrator's own session. */
export const returnToAdmin = async (): Promise<void> => {
  clearUser();
  try {
    await postAuth('logout/subUser');
  } finally {
    clearUser();
    reloadConsole();
  }
};

/** `POST /api/auth/demo/enter`: the session shows the demo organisation, read-only; then the console afresh. */
export const enterDemo = async (): Promise<void> => {
  clearUser();
  await postAuth('demo/enter');
  clearUser();
  reloadConsole();
};

/** `POST /api/auth/demo/exit`: back to the user's own organisations; then `reload` (the console's dashboard by default). */
export const exitDemo = async (reload: () => void = reloadConsole): Promise<void> => {
  clearUser();
  await postAuth('demo/exit');
  clearUser();
  reload();
};

export interface DemoCredentials {
  email: string;
  password: string;
}

/** `GET /api/auth/demo`: the demo account in demo mode, `null` otherwise (204) or on any failure. */
export const demoCredentials = async (signal?: AbortSignal): Promise<DemoCredentials | null> => {
  try {
    const response = await fetch(`${API_URL}/auth/demo`, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    });
    const body = (response.status === 200 ? await response.json() : null) as Partial<DemoCredentials> | null;
    return body && typeof body.email === 'string' && typeof body.password === 'string'
      ? { email: body.email, password: body.password }
      : null;
  } catch {
    return null;
  }
};

/** `POST /api/auth/keep-alive`: extends the session; false when it has ended. */
export const keepAlive = async (): Promise<boolean> => {
  try {
    const response = await fetch(`${API_URL}/auth/keep-alive`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{}',
    });
    if (response.status === 401) {
      clearUser();
      return false;
    }
    return true;
  } catch {
    return true;
  }
};
