import { Box, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, useState, type ReactNode } from 'react';
import type { FieldOfType, FieldWidgetProps } from '../types';
import type { StoredFile } from '@console/shared';
import { readFileValue, valueUrl, mergeStoredFile, type FileLike } from '../../files/file-value';
import { isBusy, slotMessage } from '../../files/slot-state';
import { FILE_TEXTS } from '../../files/texts';
import { acceptFor } from '../../files/upload-plan';
import type { FileSlot as Slot } from '../../files/use-file-slot';
import { useLatestValue, type LatestValue } from '../../files/use-latest-value';
import { FieldShell } from './FieldShell';
import { ReadOnlyField } from '../widgets/ReadOnlyField';
import { WidgetButton, WidgetNote } from './WidgetParts';

export type FileKind = 'file' | 'image' | 'video' | 'audio';

const CHOOSE_LABEL: Record<FileKind, string> = {
  file: FILE_TEXTS.chooseFile,
  image: FILE_TEXTS.chooseImage,
  video: FILE_TEXTS.chooseVideo,
  audio: FILE_TEXTS.chooseAudio,
};

export interface FileSlotProps extends FieldWidgetProps<FieldOfType<FileKind>> {
  slot: Slot;
  /** What the stored file looks like (thumbnail, player, name and size). */
  preview(file: FileLike | null, url: string): ReactNode;
  /** After a new file was uploaded, registered and stored as the value (videos go on to the CDN). */
  onUploaded?(stored: StoredFile, chosen: File): void;
  /** More buttons after the common ones. */
  actions?: ReactNode;
  /** The widget's own useLatestValue, when it also changes the value from async work. */
  latest?: LatestValue;
}

/**
 * The frame the four file widgets share (document 1 §2, §4 'Upload'): the preview, then choose a
 * file, download one from a URL, copy the URL (confirmed for 2 s), make it public or private, and
 * remove it; the upload's percent and notices underneath. A stored value of another shape is shown
 * read-only, and a File object keeps every member it has.
 */
export function FileSlot(props: FileSlotProps) {
  const { field, value, disabled, slot, preview, onUploaded, actions } = props;
  const labelId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [urlOpen, setUrlOpen] = useState(false);
  const [urlText, setUrlText] = useState('');
  const own = useLatestValue(value, props.onChange);
  const latest = props.latest ?? own;
  const read = readFileValue(value);
  if (read.kind === 'other') return <ReadOnlyField {...props} />;

  const file = read.kind === 'file' ? read.file : null;
  const url = valueUrl(read);
  const busy = isBusy(slot.state);
  const locked = disabled || busy;
  const message = slotMessage(slot.state);

  async function choose(chosen: File | undefined) {
    if (!chosen) return;
    const stored = await slot.upload(chosen);
    if (stored) {
      latest.set(stored);
      onUploaded?.(stored, chosen);
    }
  }

  async function download() {
    const text = urlText.trim();
    if (!text) return;
    const stored = await slot.uploadFromUrl(text);
    if (stored) {
      latest.set(stored);
      setUrlOpen(false);
      setUrlText('');
    }
  }

  async function togglePublic() {
    if (!file || typeof file.id !== 'string') return;
    const next = await slot.setPublic(file.id, file.isPublic === false);
    if (next) latest.set(mergeStoredFile(latest.get(), next));
  }

  return (
    <FieldShell field={field} disabled={disabled} labelId={labelId}>
      <Stack role="group" aria-labelledby={labelId} gap="2" w="full" aria-busy={busy || undefined}>
        {read.kind === 'empty' ? (
          <Text fontSize="sm" color="fg.muted">
            {FILE_TEXTS.empty}
          </Text>
        ) : (
          preview(file, url)
        )}
        {file && (
          <Text fontSize="xs" color="fg.muted" data-testid="file-visibility">
            {file.isPublic === false ? FILE_TEXTS.private : FILE_TEXTS.public}
          </Text>
        )}
        <HStack gap="2" wrap="wrap">
          <WidgetButton disabled={locked} onClick={() => input.current?.click()}>
            {CHOOSE_LABEL[field.type]}
          </WidgetButton>
          <input
            ref={input}
            type="file"
            hidden
            aria-label={CHOOSE_LABEL[field.type]}
            accept={acceptFor(field.type)}
            disabled={locked}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              // Cleared so choosing the same file again still fires a change.
              event.target.value = '';
              void choose(chosen);
            }}
          />
          <WidgetButton disabled={locked} onClick={() => setUrlOpen((open) => !open)} aria-expanded={urlOpen}>
            {FILE_TEXTS.fromUrl}
          </WidgetButton>
          {url && (
            <WidgetButton disabled={busy} onClick={() => void slot.copy(url)}>
              {FILE_TEXTS.copyUrl}
            </WidgetButton>
          )}
          {file && typeof file.id === 'string' && (
            <WidgetButton disabled={locked} onClick={() => void togglePublic()}>
              {file.isPublic === false ? FILE_TEXTS.makePublic : FILE_TEXTS.makePrivate}
            </WidgetButton>
          )}
          {actions}
          {read.kind !== 'empty' && (
            <WidgetButton
              colorPalette="red"
              variant="ghost"
              disabled={locked}
              onClick={() => {
                if (window.confirm(FILE_TEXTS.confirmRemove)) latest.set(null);
              }}
            >
              {FILE_TEXTS.remove}
            </WidgetButton>
          )}
        </HStack>
        {urlOpen && (
          <Field.Root disabled={locked}>
            <Field.Label fontSize="sm">{FILE_TEXTS.urlLabel}</Field.Label>
            <HStack w="full" gap="2">
              <Input
                size="sm"
                value={urlText}
                placeholder={FILE_TEXTS.urlPlaceholder}
                onChange={(event) => {
                  setUrlText(event.target.value);
                  slot.dispatch({ type: 'dismiss' });
                }}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter') return;
                  // Never submit the document's form around the widget.
                  event.preventDefault();
                  void download();
                }}
              />
              <WidgetButton disabled={locked || !urlText.trim()} onClick={() => void download()}>
                {FILE_TEXTS.download}
              </WidgetButton>
              <WidgetButton
                variant="ghost"
                disabled={busy}
                onClick={() => {
                  setUrlOpen(false);
                  slot.dispatch({ type: 'dismiss' });
                }}
              >
                {FILE_TEXTS.cancel}
              </WidgetButton>
            </HStack>
          </Field.Root>
        )}
        {slot.state.error && <WidgetNote tone="error">{slot.state.error}</WidgetNote>}
        {message && (
          <Box role="status" aria-live="polite" fontSize="sm" color="fg.muted" data-testid="file-slot-message">
            {message}
          </Box>
        )}
      </Stack>
    </FieldShell>
  );
}
