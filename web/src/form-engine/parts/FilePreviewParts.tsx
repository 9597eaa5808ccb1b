import { Text } from '@chakra-ui/react';
import { formatFileSizeKb } from '@console/shared';
import { fileDisplayName, type FileLike } from '../../files/file-value';

/** The line under a preview: name, size in KB (document 1 §2) and whatever else is known. */
export function FileFacts({ file, extra = [] }: { file: FileLike | null; extra?: Array<string | null | undefined> }) {
  if (!file) return null;
  const parts = [
    fileDisplayName(file),
    typeof file.size === 'number' ? formatFileSizeKb(file.size) : null,
    typeof file.type === 'string' && file.type ? file.type : null,
    ...extra,
  ].filter((part): part is string => Boolean(part));
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="file-facts" wordBreak="break-all">
      {parts.join(' · ')}
    </Text>
  );
}
