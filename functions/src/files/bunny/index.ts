import { firestore } from '../../lib/admin.js';
import { bunnyStreamUrls } from '../../config.js';
import type { BunnyBases } from './urls.js';
import type { VideoContext } from './video.js';

export * from './client.js';
export * from './config.js';
export * from './signature.js';
export * from './urls.js';
export * from './video.js';

/** Bunny's base URLs from the params (production defaults; the sandbox locally). */
export function bunnyBases(): BunnyBases {
  return bunnyStreamUrls();
}

/** What the endpoints run the video functions with. */
export function videoContext(): VideoContext {
  return { db: firestore, bases: bunnyBases() };
}
