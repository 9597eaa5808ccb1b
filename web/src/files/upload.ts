import type { StoredFile } from '@console/shared';
import { callApi } from '../lib/api';
import { putObject } from './storage';
import { isWebp, jpgFileName, planUpload, randomUploadId, type UploadTarget } from './upload-plan';

/**
 * The upload of document 1 §4: the chosen file (a WEBP converted to JPG first) → Storage with
 * progress → the server's registration (POST /api/console/files/images or /attaches) → the File
 * object, which the widget stores as the field's value.
 */
export interface UploadOptions {
  file: File;
  target: UploadTarget;
  project: string;
  /** Whole percents while the bytes go to Storage. */
  onPercent(percent: number): void;
  /** Called once the bytes are in Storage, before the registration call. */
  onRegister?(): void;
}

export async function uploadAndRegister({ file, target, project, onPercent, onRegister }: UploadOptions): Promise<StoredFile> {
  const ready = isWebp(file) ? await webpToJpg(file) : file;
  const duration = ready.type.startsWith('audio/') ? await audioDuration(ready) : undefined;
  const plan = planUpload(target, project, { name: ready.name, type: ready.type, size: ready.size, duration }, randomUploadId());
  onPercent(0);
  await putObject(plan.objectPath, ready, plan.contentType, project, onPercent);
  onRegister?.();
  return (await callApi(plan.registration.endpoint, { project, body: plan.registration.body })).file;
}

/** A WEBP drawn on a white background and saved as JPG at full quality (document 1 §5). */
export async function webpToJpg(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas 2D indisponível para converter a imagem WEBP.');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 1.0));
    if (!blob) throw new Error('Não foi possível converter a imagem WEBP para JPG.');
    return new File([blob], jpgFileName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

/** The length of an audio file in seconds, as the browser reads it; undefined when it cannot. */
export function audioDuration(file: Blob, timeoutMs = 5000): Promise<number | undefined> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const audio = document.createElement('audio');
    const finish = (seconds: number | undefined) => {
      clearTimeout(timer);
      audio.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(seconds !== undefined && Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined);
    };
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    audio.preload = 'metadata';
    audio.onloadedmetadata = () => finish(audio.duration);
    audio.onerror = () => finish(undefined);
    audio.src = url;
  });
}
