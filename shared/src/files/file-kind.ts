/** Extensions treated as images by product file lists (document 1 §5). */
export const IMAGE_EXTENSIONS = ['JPG', 'JPEG', 'PNG', 'GIF', 'WEBP', 'BMP', 'SVG'] as const;

/** The extension of a file name in upper case ('foto.final.jpeg' → 'JPEG'); '' without one. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toUpperCase() : '';
}

/** Document 1 §5: an empty FileType becomes 'PD' for image extensions; otherwise it is kept. */
export function defaultFileType(extension: string, current: string | undefined | null): string | undefined {
  if (current) return current;
  return (IMAGE_EXTENSIONS as readonly string[]).includes(extension.toUpperCase()) ? 'PD' : (current ?? undefined);
}
