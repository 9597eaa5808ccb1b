import { z } from 'zod';

/**
 * Bunny Stream's numeric video status (document 1 §4 'Video encoding status'), the same list Bunny
 * sends to its webhook. Labels are what the console shows.
 */
export const BUNNY_VIDEO_STATUS = {
  0: 'Na fila',
  1: 'Processando',
  2: 'Codificando',
  3: 'Concluído',
  4: 'Resolução concluída (pronto para assistir)',
  5: 'Falhou',
  6: 'Envio iniciado',
  7: 'Envio concluído',
  8: 'Envio falhou',
  9: 'Legendas geradas',
  10: 'Título e descrição gerados',
} as const satisfies Record<number, string>;

/** 3 and 4 are playable; 9 and 10 only come after encoding finished, so they are playable too. */
export function isVideoPlayable(status: number | null | undefined): boolean {
  return status === 3 || status === 4 || status === 9 || status === 10;
}
/** 5 (encoding failed) and 8 (upload failed) end the wait: nothing more will happen. */
export function isVideoFailed(status: number | null | undefined): boolean {
  return status === 5 || status === 8;
}
export function videoStatusLabel(status: number | null | undefined): string {
  if (status == null) return 'Sem vídeo no CDN';
  return (BUNNY_VIDEO_STATUS as Record<number, string>)[status] ?? `Status ${status}`;
}

/** cdn.bunny of a stored file: the video on Bunny Stream. */
export const bunnyVideoSchema = z.object({
  id: z.string(),
  status: z.number().int(),
  thumbnail: z.string(),
  pullZone: z.string(),
  iframeUrl: z.string(),
});
export type BunnyVideo = z.infer<typeof bunnyVideoSchema>;

/**
 * The File object (document 1 §3) stored in a field's value and, with who made it and when, in the
 * registry project/{project}/file/{id}. Optional members are absent where they do not apply
 * (width/height for non-images, duration for non-audio, cdn before a video is sent to Bunny).
 * Unknown members written by older tools are kept (passthrough), never dropped by a save.
 */
export const storedFileSchema = z
  .object({
    id: z.string().min(1),
    url: z.string(),
    filename: z.string(),
    title: z.string(),
    type: z.string(),
    width: z.number().optional(),
    height: z.number().optional(),
    size: z.number(),
    isPublic: z.boolean(),
    filePath: z.string(),
    /** Seconds (audio). */
    duration: z.number().optional(),
    cdn: z.object({ bunny: bunnyVideoSchema.optional() }).passthrough().optional(),
  })
  .passthrough();
export type StoredFile = z.infer<typeof storedFileSchema>;

/** Firestore collection of the registry, under project/{project}. */
export const FILE_REGISTRY_COLLECTION = 'file';
