import { Box, HStack, Link } from '@chakra-ui/react';
import { fileDisplayName, needsSignedRead, type FileLike } from '../../files/file-value';
import { readObject } from '../../files/storage';
import { FILE_TEXTS } from '../../files/texts';
import { useFileSlot } from '../../files/use-file-slot';
import { FileFacts } from '../parts/FilePreviewParts';
import { FileSlot } from '../parts/FileSlot';
import { useFormDocument } from '../data/form-document';
import type { FieldOfType, FieldWidgetProps } from '../types';

/** Opens a private file: its bytes read as the user, shown from an object URL in a new tab. */
async function openSigned(file: FileLike) {
  const tab = window.open('', '_blank');
  try {
    const blob = await readObject(String(file.filePath));
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    // Long enough for the tab to load it.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    console.error(`Não foi possível abrir ${fileDisplayName(file)}:`, error);
  }
}

function FilePreview({ file, url }: { file: FileLike | null; url: string }) {
  const signed = file !== null && needsSignedRead(file);
  return (
    <Box>
      <FileFacts file={file ?? { url }} />
      {url && (
        <HStack>
          <Link
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            fontSize="sm"
            colorPalette="blue"
            onClick={(event) => {
              if (!signed || !file) return;
              event.preventDefault();
              void openSigned(file);
            }}
          >
            {FILE_TEXTS.open}
          </Link>
        </HStack>
      )}
    </Box>
  );
}

/** A file: its name, size in KB and type (document 1 §2), and a link to open it. */
export function FileField(props: FieldWidgetProps<FieldOfType<'file'>>) {
  const { projectId } = useFormDocument();
  const slot = useFileSlot(props.field, projectId);
  return <FileSlot {...props} slot={slot} preview={(file, url) => <FilePreview file={file} url={url} />} />;
}
