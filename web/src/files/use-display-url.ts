import { useEffect, useState } from 'react';
import { needsSignedRead, type FileLike } from './file-value';
import { readObject } from './storage';

/**
 * The address an <img>, <audio> or <video> shows a stored file from: its URL, or for a private
 * file (no download token) an object URL of the bytes read through the Storage SDK as the user.
 * '' while those bytes load or when they cannot be read (the failure is logged).
 */
export function useDisplayUrl(file: FileLike | null, url: string): string {
  const signed = file !== null && needsSignedRead(file);
  const filePath = signed ? String(file.filePath) : '';
  const [objectUrl, setObjectUrl] = useState<{ path: string; url: string } | null>(null);

  useEffect(() => {
    if (!filePath) return;
    let active = true;
    let created = '';
    readObject(filePath).then(
      (blob) => {
        if (!active) return;
        created = URL.createObjectURL(blob);
        setObjectUrl({ path: filePath, url: created });
      },
      (error) => console.error(`Não foi possível ler ${filePath}:`, error),
    );
    return () => {
      active = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [filePath]);

  if (!signed) return url;
  return objectUrl?.path === filePath ? objectUrl.url : '';
}
