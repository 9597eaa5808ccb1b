import { Box, Center, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { fileDisplayName, type FileLike } from '../../files/file-value';
import { useDisplayUrl } from '../../files/use-display-url';
import { useFileSlot } from '../../files/use-file-slot';
import { FileFacts } from '../parts/FilePreviewParts';
import { FileSlot } from '../parts/FileSlot';
import { useFormDocument } from '../data/form-document';
import type { FieldOfType, FieldWidgetProps } from '../types';

/** Image thumbnail box, at most 140 px (document 1 §2 and §9). */
export const THUMBNAIL_PX = 140;

function Thumbnail({ file, url }: { file: FileLike | null; url: string }) {
  const src = useDisplayUrl(file, url);
  // An image that fails to load is hidden (document 1 §8); another source is tried afresh.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  const size = file && typeof file.width === 'number' && typeof file.height === 'number' ? `${file.width}×${file.height}` : null;
  return (
    <Box>
      <Center w={`${THUMBNAIL_PX}px`} h={`${THUMBNAIL_PX}px`} borderWidth="1px" rounded="md" bg="bg.muted" overflow="hidden" data-testid="image-thumbnail">
        {src && (
          <chakra.img
            src={src}
            alt={file ? fileDisplayName(file) : ''}
            maxW="full"
            maxH="full"
            objectFit="contain"
            hidden={failed}
            onError={() => setFailedSrc(src)}
          />
        )}
      </Center>
      <FileFacts file={file} extra={[size]} />
    </Box>
  );
}

export function ImageField(props: FieldWidgetProps<FieldOfType<'image'>>) {
  const { projectId } = useFormDocument();
  const slot = useFileSlot(props.field, projectId);
  return <FileSlot {...props} slot={slot} preview={(file, url) => <Thumbnail file={file} url={url} />} />;
}
