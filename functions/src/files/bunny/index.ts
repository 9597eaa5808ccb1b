import { firestore } from '../../lib/admin.js';
import { BUNNY_CDN_URL, BUNNY_EMBED_URL, BUNNY_STREAM_API_URL, BUNNY_TUS_URL } from '../../params.js';
import type { BunnyBases } from './urls.js';
import type { VideoContext } from './video.js';

export * from './client.js';
export * from './config.js';
export * from './signature.js';
export * from './urls.js';
export * from './video.js';

/** Bunny's base URLs from the params (production defaults; the sandbox locally). */
export function bunnyBases(): BunnyBases {
  return { api: BUNNY_STREAM_API_URL.value(), tus: BUNNY_TUS_URL.value(), embed: BUNNY_EMBED_URL.value(), cdn: BUNNY_CDN_URL.value() };
}

/** What the endpoints run the video functions with. */
export function videoContext(): VideoContext {
  return { db: firestore, bases: bunnyBases() };
}
