import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import { EMULATOR_HOST, EMULATOR_PORTS, FIREBASE_PROJECT_ID } from './env';

/** The Firebase app and Auth. Firestore lives in ./firestore so sign-in does not load it. */
const env = import.meta.env;

export const firebaseApp = initializeApp({
  projectId: FIREBASE_PROJECT_ID,
  apiKey: env.VITE_FIREBASE_API_KEY || 'demo-api-key',
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || `${FIREBASE_PROJECT_ID}.firebaseapp.com`,
  storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET || `${FIREBASE_PROJECT_ID}.appspot.com`,
  appId: env.VITE_FIREBASE_APP_ID || undefined,
});

// What getAuth sets up (the same persistence, so a session stored before is found again), but the
// popup and redirect machinery (an iframe, the gapi loader; 3 kB gzip) only in builds that offer
// Google sign-in. It is given here, not at the click, because Auth then prepares the popup's
// iframe ahead and the popup opens within the click (browsers block it otherwise). The condition
// reads import.meta.env here: the bundler drops the resolver only for a literal it can fold in
// this module (env.ts's GOOGLE_SIGN_IN_ENABLED, imported, keeps it).
export const auth = initializeAuth(firebaseApp, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
  popupRedirectResolver: import.meta.env.VITE_GOOGLE_SIGN_IN === 'true' ? browserPopupRedirectResolver : undefined,
});

if (EMULATOR_PORTS.auth) {
  connectAuthEmulator(auth, `http://${EMULATOR_HOST}:${EMULATOR_PORTS.auth}`, { disableWarnings: true });
}
