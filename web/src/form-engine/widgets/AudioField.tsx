import { Box, chakra } from '@chakra-ui/react';
import { formatDuration } from '@console/shared';
import type { FileLike } from '../../files/file-value';
import { FILE_TEXTS } from '../../files/texts';
import { useDisplayUrl } from '../../files/use-display-url';
import { useFileSlot } from '../../files/use-file-slot';
import { FileFacts } from '../parts/FilePreviewParts';
import { FileSlot } from '../parts/FileSlot';
import { useFormDocument } from '../data/form-document';
import type { FieldOfType, FieldWidgetProps } from '../types';

function AudioPreview({ file, url }: { file: FileLike | null; url: string }) {
  const src = useDisplayUrl(file, url);
  const duration = file && typeof file.duration === 'number' ? formatDuration(file.duration) : null;
  return (
    <Box>
      <chakra.audio controls src={src || undefined} preload="metadata" w="full" maxW="md" data-testid="audio-player">
        {FILE_TEXTS.audioUnsupported}
      </chakra.audio>
      <FileFacts file={file} extra={[duration ? `${FILE_TEXTS.duration} ${duration}` : null]} />
    </Box>
  );
}

/** Audio: a player ('Seu navegador não suporta o elemento de áudio.') and the duration (document 1 §2). */
export function AudioField(props: FieldWidgetProps<FieldOfType<'audio'>>) {
  const { projectId } = useFormDocument();
  const slot = useFileSlot(props.field, projectId);
  return <FileSlot {...props} slot={slot} preview={(file, url) => <AudioPreview file={file} url={url} />} />;
}
