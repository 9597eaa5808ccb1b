import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';
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

export const auth = getAuth(firebaseApp);

if (EMULATOR_PORTS.auth) {
  connectAuthEmulator(auth, `http://${EMULATOR_HOST}:${EMULATOR_PORTS.auth}`, { disableWarnings: true });
}
