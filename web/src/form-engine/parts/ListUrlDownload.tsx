import { Box, Field, HStack, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import type { StoredFile } from '@console/shared';
import { downloadAsFile } from '../../files/download-url';
import { FILE_TEXTS } from '../../files/texts';
import { uploadAndRegister } from '../../files/upload';
import { batchUrls, fitsKind, remainingText, runUrlBatch } from '../../files/url-batch';
import { useLatestValue } from '../../files/use-latest-value';
import { useFormDocument } from '../data/form-document';
import { listItems } from '../values/list-items';
import type { FieldOfType, FieldWidgetProps } from '../types';
import { WidgetButton, WidgetNote } from './WidgetParts';

/**
 * 'Baixar de URLs' under a list of images: URLs pasted one per line are downloaded through the
 * server (POST /api/console/files/download-url) one after the other, each uploaded and registered
 * like a chosen file (a WEBP becomes a JPG) and appended to the list in the order given. The URLs
 * that failed stay in the box with document 1 §8's message; nothing typed is lost.
 */
export function ListUrlDownload({ field, value, onChange, disabled }: FieldWidgetProps<FieldOfType<'array_field'>>) {
  const { projectId } = useFormDocument();
  const latest = useLatestValue(value, onChange);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null;
  const target = field.of;
  if (target.type !== 'image') return null;

  const download = async () => {
    const urls = batchUrls(text);
    if (!urls.length || busy) return;
    setError(null);
    const outcome = await runUrlBatch<StoredFile>(
      urls,
      async (url) => {
        const file = await downloadAsFile(url, projectId);
        if (!fitsKind('image', file.type)) throw new Error(FILE_TEXTS.notAnImage);
        return uploadAndRegister({ file, target, project: projectId, onPercent: () => {} });
      },
      {
        onProgress: (current, total) => setProgress(FILE_TEXTS.downloadingOf(current, total)),
        // Appended as each arrives, after whatever the list holds by then.
        onDone: (stored) => latest.set([...(listItems(latest.get()) ?? []), stored]),
      },
    );
    setProgress(null);
    setText(remainingText(outcome));
    setError(outcome.error);
    if (!outcome.error) setOpen(false);
  };

  return (
    <Stack gap="2">
      <HStack>
        <WidgetButton disabled={disabled || busy} aria-expanded={open} onClick={() => setOpen((was) => !was)}>
          {FILE_TEXTS.fromUrls}
        </WidgetButton>
      </HStack>
      {open && (
        <Field.Root disabled={disabled || busy}>
          <Field.Label fontSize="sm">{FILE_TEXTS.urlsLabel}</Field.Label>
          <Textarea
            size="sm"
            rows={4}
            value={text}
            placeholder={FILE_TEXTS.urlsPlaceholder}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
          />
          <HStack gap="2" mt="2">
            <WidgetButton disabled={disabled || busy || !batchUrls(text).length} onClick={() => void download()}>
              {FILE_TEXTS.download}
            </WidgetButton>
            <WidgetButton
              variant="ghost"
              disabled={busy}
              onClick={() => {
                setOpen(false);
                setError(null);
              }}
            >
              {FILE_TEXTS.cancel}
            </WidgetButton>
          </HStack>
        </Field.Root>
      )}
      {error && <WidgetNote tone="error">{error}</WidgetNote>}
      {progress && (
        <Box role="status" aria-live="polite" fontSize="sm" color="fg.muted" data-testid="file-slot-message">
          {progress}
        </Box>
      )}
    </Stack>
  );
}
