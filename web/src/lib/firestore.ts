import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { firebaseApp } from './firebase';
import { EMULATOR_HOST, EMULATOR_PORTS } from './env';

export const db = getFirestore(firebaseApp);

if (EMULATOR_PORTS.firestore) {
  connectFirestoreEmulator(db, EMULATOR_HOST, Number(EMULATOR_PORTS.firestore));
}
