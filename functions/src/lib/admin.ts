import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getFunctions } from 'firebase-admin/functions';
import { getStorage } from 'firebase-admin/storage';

// One Admin SDK app per process; on the emulators the *_EMULATOR_HOST variables redirect it.
const app = getApps()[0] ?? initializeApp();

export const adminAuth = getAuth(app);
export const firestore = getFirestore(app);
/** Task queues (Cloud Tasks; the emulator's when CLOUD_TASKS_EMULATOR_HOST is set). */
export const adminFunctions = getFunctions(app);
/** Cloud Storage; the emulator's when FIREBASE_STORAGE_EMULATOR_HOST is set. */
export const adminStorage = getStorage(app);
