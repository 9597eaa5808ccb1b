// The Firebase web SDK in the test process, signed in as a seeded user against the emulators:
// reads go through the security rules exactly as the browser's do.
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, setLogLevel, type Firestore } from 'firebase/firestore';
import type { SeedUser } from './emulator.js';

export interface SignedInClient {
  app: FirebaseApp;
  db: Firestore;
  close(): Promise<void>;
}

export async function signedInClient(user: Pick<SeedUser, 'email' | 'password'>, name: string): Promise<SignedInClient> {
  // Denied reads are expected in several tests; the SDK need not log each one.
  setLogLevel('silent');
  const app = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-console', apiKey: 'demo-api-key' }, name);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`, { disableWarnings: true });
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
  const db = getFirestore(app);
  connectFirestoreEmulator(db, host!, Number(port));
  await signInWithEmailAndPassword(auth, user.email, user.password);
  return { app, db, close: () => deleteApp(app) };
}
