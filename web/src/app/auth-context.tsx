import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { User } from 'firebase/auth';
import type { AccessClaims } from '@console/shared';

type SessionModule = typeof import('../lib/auth-session');

let sessionModule: Promise<SessionModule> | null = null;
/** The Firebase session module, fetched once (a separate chunk: see lib/auth-session.ts). */
function loadSession(): Promise<SessionModule> {
  sessionModule ??= import('../lib/auth-session');
  return sessionModule;
}

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  /** Parsed custom claims of the ID token; null when missing or malformed (no access). */
  claims: AccessClaims | null;
  signInWithEmail(email: string, password: string): Promise<void>;
  signInWithGoogle(): Promise<void>;
  signOut(): Promise<void>;
  /** Re-reads the claims (after `npm run grant` gave this user access). */
  refreshClaims(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ status: AuthStatus; user: User | null; claims: AccessClaims | null }>({
    status: 'loading',
    user: null,
    claims: null,
  });

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let active = true;
    loadSession().then(
      (session) => {
        if (!active) return;
        unsubscribe = session.watchSession((current) =>
          setState(current ? { status: 'signedIn', user: current.user, claims: current.claims } : { status: 'signedOut', user: null, claims: null }),
        );
      },
      () => active && setState({ status: 'signedOut', user: null, claims: null }),
    );
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      signInWithEmail: async (email, password) => (await loadSession()).signInWithEmail(email, password),
      signInWithGoogle: async () => (await loadSession()).signInWithGoogle(),
      signOut: async () => (await loadSession()).signOutUser(),
      refreshClaims: async () => (await loadSession()).refreshSessionClaims(),
    }),
    [state],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
