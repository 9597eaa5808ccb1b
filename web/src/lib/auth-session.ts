import { GoogleAuthProvider, onIdTokenChanged, signInWithEmailAndPassword, signInWithPopup, signOut, type User } from 'firebase/auth';
import type { AccessClaims } from '@console/shared';
import { auth } from './firebase';

/**
 * The Firebase Auth side of the session. Loaded with a dynamic import by the auth context so the
 * Firebase SDK stays out of the initial JavaScript.
 */
export interface Session {
  user: User;
  claims: AccessClaims | null;
}

/** Calls `listener` with the session on sign-in, sign-out and every ID-token refresh. */
export function watchSession(listener: (session: Session | null) => void): () => void {
  let latest = 0;
  return onIdTokenChanged(auth, async (user) => {
    const call = ++latest;
    if (!user) {
      listener(null);
      return;
    }
    let claims: AccessClaims | null = null;
    try {
      // The shared package (zod, definitions) is fetched only once someone is signed in.
      const [{ readAccessClaims }, token] = await Promise.all([import('@console/shared'), user.getIdTokenResult()]);
      claims = readAccessClaims(token.claims);
    } catch {
      claims = null;
    }
    // A later token change may have finished first; only the newest one counts.
    if (call === latest) listener({ user, claims });
  });
}

export async function signInWithEmail(email: string, password: string): Promise<void> {
  await signInWithEmailAndPassword(auth, email, password);
}

export async function signInWithGoogle(): Promise<void> {
  await signInWithPopup(auth, new GoogleAuthProvider());
}

export async function signOutUser(): Promise<void> {
  await signOut(auth);
}

/** Forces a new ID token, so claims granted after sign-in are picked up (fires watchSession). */
export async function refreshSessionClaims(): Promise<void> {
  await auth.currentUser?.getIdToken(true);
}
