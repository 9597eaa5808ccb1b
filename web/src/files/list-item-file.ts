import { defaultFileType, fileExtension, type FieldDefinition, type StoredFile } from '@console/shared';

/**
 * Lists of files (document 1 §5; product ProductFiles.Files and projectFiles, document 2 §3):
 * an item whose fields include FileCDNURL gets an upload action that fills the item from the
 * uploaded file.
 */
export const FILE_URL_FIELD = 'FileCDNURL';
export const FILE_EXTENSION_FIELD = 'FileExtension';
export const FILE_TYPE_FIELD = 'FileType';

/** The keys (mapTo first) of a list item's fields. */
export function itemFieldNames(fields: readonly FieldDefinition[]): string[] {
  return fields.map((field) => field.mapTo ?? field.name);
}

/** Whether items with these fields are files of a list (they have FileCDNURL). */
export function isFileListItem(fieldNames: readonly string[]): boolean {
  return fieldNames.includes(FILE_URL_FIELD);
}

/**
 * The item after `file` was uploaded for it: FileCDNURL is the file's URL; when the item has
 * FileExtension it becomes the name's extension in upper case; when it has FileType, an empty one
 * becomes 'PD' for image extensions (JPG, JPEG, PNG, GIF, WEBP, BMP, SVG) and a set one is kept.
 * Other members of the item are untouched.
 */
export function applyUploadedFileToItem(
  item: Record<string, unknown>,
  file: Pick<StoredFile, 'url' | 'filename'> & { filePath?: string },
  fieldNames: readonly string[],
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...item, [FILE_URL_FIELD]: file.url };
  const extension = fileExtension(file.filename || file.filePath?.split('/').pop() || '');
  if (fieldNames.includes(FILE_EXTENSION_FIELD)) next[FILE_EXTENSION_FIELD] = extension;
  if (fieldNames.includes(FILE_TYPE_FIELD)) {
    const current = typeof item[FILE_TYPE_FIELD] === 'string' ? (item[FILE_TYPE_FIELD] as string) : undefined;
    const type = defaultFileType(extension, current);
    if (type !== undefined) next[FILE_TYPE_FIELD] = type;
  }
  return next;
}
