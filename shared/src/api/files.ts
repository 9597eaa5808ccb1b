import { z } from 'zod';
import { storedFileSchema } from '../files/stored-file.js';
import { defineEndpoint } from './contract.js';
import { documentIdSchema } from './document-id.js';

/**
 * The file calls of document 1 §7. Every one takes `?project=` (the caller's current project; the
 * router checks access to it) and a Firebase ID token.
 */

/**
 * POST /api/console/files/images (image types) and /api/console/files/attaches (file, video,
 * audio). The object is already in Storage at filePath (the browser uploaded it); the server reads
 * size and type from Storage, measures images (width, height) and audio (duration), gives public
 * files a download token, and writes the registry entry project/{project}/file/{id}.
 * `file` carries what the browser knows of the chosen file; the server trusts Storage over it.
 */
export const registerFileRequestSchema = z.object({
  file: z.object({
    name: z.string().min(1).max(500),
    type: z.string().max(200).default(''),
    size: z.number().int().nonnegative().optional(),
    title: z.string().max(500).optional(),
    /** Seconds, as the browser measured it (audio); used when the server cannot read it. */
    duration: z.number().nonnegative().optional(),
  }),
  filePath: z.string().min(1).max(1024),
  isPublic: z.boolean().default(true),
});
export type RegisterFileRequest = z.input<typeof registerFileRequestSchema>;
export const registerFileResponseSchema = z.object({ file: storedFileSchema });
export type RegisterFileResponse = z.infer<typeof registerFileResponseSchema>;

/**
 * A file registry id (project/{p}/file/{id}) as a request names it: one Firestore document id — no
 * '/', not '.' or '..', not '__…__' (reserved) — so it never reaches another path or the database
 * as an invalid name.
 */
export const fileIdSchema = documentIdSchema.max(200, 'identificador de arquivo inválido');

/** POST /api/console/files/permissions: public gets a fresh download token, private revokes all. */
export const filePermissionsRequestSchema = z.object({ id: fileIdSchema, isPublic: z.boolean() });

/** POST /api/console/files/download-url: a remote file fetched for the user (SSRF-guarded). */
export const downloadUrlRequestSchema = z.object({ url: z.string().min(1).max(4096) });
export const downloadUrlResponseSchema = z.object({
  success: z.boolean(),
  /** Base64 of the body when success. */
  data: z.string().optional(),
  contentType: z.string().optional(),
  fileName: z.string().optional(),
  /** Why it failed, in Portuguese, when not success. */
  message: z.string().optional(),
});
export type DownloadUrlResponse = z.infer<typeof downloadUrlResponseSchema>;

/**
 * POST /api/console/files/cdn/bunny/upload-video-url {id}: creates the video on Bunny Stream for
 * the registered file `id` and answers what the browser needs for a TUS upload straight to Bunny
 * (the API key never leaves the server: the upload is authorised by a signature that expires).
 */
export const bunnyUploadRequestSchema = z.object({ id: fileIdSchema });
export const bunnyUploadTicketSchema = z.object({
  /** TUS endpoint (https://video.bunnycdn.com/tusupload in production, the sandbox locally). */
  endpoint: z.string(),
  libraryId: z.string(),
  videoId: z.string(),
  /** Unix seconds. */
  authorizationExpire: z.number().int(),
  /** sha256(libraryId + apiKey + expire + videoId), hex. */
  authorizationSignature: z.string(),
  file: storedFileSchema,
});
export const bunnyUploadResponseSchema = z.object({ data: bunnyUploadTicketSchema });
export type BunnyUploadTicket = z.infer<typeof bunnyUploadTicketSchema>;

/** GET /api/file/video/{fileId}?project: the video's current state on Bunny (refreshed from Bunny). */
export const videoStatusResponseSchema = z.object({
  cdn: z.object({
    bunny: z.object({
      id: z.string(),
      status: z.number().int(),
      thumbnail: z.string(),
      pullZone: z.string(),
      iframeUrl: z.string(),
    }),
  }),
  iframeUrl: z.string(),
});
export type VideoStatusResponse = z.infer<typeof videoStatusResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The descriptors (shared/src/api/contract.ts).

/** Registers an image the browser uploaded (image/* only). */
export const consoleFilesImagesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/files/images',
  access: 'project',
  body: registerFileRequestSchema,
  answer: registerFileResponseSchema,
});

/** Registers a file, video or audio the browser uploaded (anything but image/*). */
export const consoleFilesAttachesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/files/attaches',
  access: 'project',
  body: registerFileRequestSchema,
  answer: registerFileResponseSchema,
});

/** Registration endpoint by MIME type: images to /images, everything else to /attaches. */
export const registrationEndpoint = (mimeType: string) => (mimeType.startsWith('image/') ? consoleFilesImagesEndpoint : consoleFilesAttachesEndpoint);

export const consoleFilesPermissionsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/files/permissions',
  access: 'project',
  body: filePermissionsRequestSchema,
  answer: registerFileResponseSchema,
});

export const consoleFilesDownloadUrlEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/files/download-url',
  access: 'project',
  body: downloadUrlRequestSchema,
  answer: downloadUrlResponseSchema,
});

export const consoleFilesCdnBunnyUploadVideoUrlEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/files/cdn/bunny/upload-video-url',
  access: 'project',
  body: bunnyUploadRequestSchema,
  answer: bunnyUploadResponseSchema,
});

/** Bunny Stream's webhook body: {VideoLibraryId, VideoGuid, Status}. */
export const bunnyWebhookSchema = z.object({
  VideoLibraryId: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]).transform(String),
  // A guid only: it becomes a document id, so no slashes or dots.
  VideoGuid: z.string().regex(/^[A-Za-z0-9-]{1,100}$/),
  Status: z.number().int(),
});

/** Bunny Stream's status callback (public: Bunny sends no ID token; its v1 signature is checked, 401 without it; only the guid is trusted). */
export const fileVideoBunnyWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/file/video/bunny-webhook',
  access: 'public',
  body: bunnyWebhookSchema,
  answer: z.object({ ok: z.literal(true) }),
});

export const fileVideoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/file/video/:fileId',
  access: 'project',
  params: z.object({ fileId: fileIdSchema }),
  answer: videoStatusResponseSchema,
});
