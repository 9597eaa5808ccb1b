import type { FirebaseStorage } from 'firebase/storage';
import { UPLOAD_OWNER_METADATA_KEY } from '@console/shared';
import { firebaseApp } from '../lib/firebase';
import { EMULATOR_HOST, EMULATOR_PORTS } from '../lib/env';
import { uploadPercent } from './upload-plan';

/**
 * Cloud Storage, loaded on first use (an upload or a private file shown) so the console's first
 * screens do not carry the SDK. Locally it talks to the Storage emulator named in VITE_EMULATORS.
 */
type StorageModule = typeof import('firebase/storage');

let loading: Promise<{ sdk: StorageModule; storage: FirebaseStorage }> | null = null;

export function loadStorage(): Promise<{ sdk: StorageModule; storage: FirebaseStorage }> {
  loading ??= import('firebase/storage').then((sdk) => {
    const storage = sdk.getStorage(firebaseApp);
    if (EMULATOR_PORTS.storage) sdk.connectStorageEmulator(storage, EMULATOR_HOST, Number(EMULATOR_PORTS.storage));
    return { sdk, storage };
  });
  // A failed chunk load may be retried by the next call.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * Uploads `data` to `objectPath` as a file of `project` (its owner, fixed at upload: storage.rules),
 * reporting whole percents; resolves when Storage has it all.
 */
export async function putObject(objectPath: string, data: Blob, contentType: string, project: string, onPercent: (percent: number) => void): Promise<void> {
  const { sdk, storage } = await loadStorage();
  const customMetadata = { [UPLOAD_OWNER_METADATA_KEY]: project };
  const task = sdk.uploadBytesResumable(sdk.ref(storage, objectPath), data, { contentType, customMetadata });
  await new Promise<void>((resolve, reject) => {
    task.on(
      'state_changed',
      (snapshot) => onPercent(uploadPercent(snapshot.bytesTransferred, snapshot.totalBytes)),
      reject,
      () => resolve(),
    );
  });
}

/** The object's bytes, read as the signed-in user (private files: their URL has no token). */
export async function readObject(objectPath: string): Promise<Blob> {
  const { sdk, storage } = await loadStorage();
  return sdk.getBlob(sdk.ref(storage, objectPath));
}
