import { Box, HStack } from '@chakra-ui/react';
import { useRef } from 'react';
import { applyUploadedFileToItem } from '../../files/list-item-file';
import { isBusy, slotMessage } from '../../files/slot-state';
import { FILE_TEXTS } from '../../files/texts';
import { useFileSlot } from '../../files/use-file-slot';
import { useFormDocument } from '../data/form-document';
import { WidgetButton, WidgetNote } from './WidgetParts';

/** Uploads from a list of files go where the editor's do ('editor', public: document 1 §9). */
const LIST_UPLOAD_TARGET = {};

/**
 * The upload action of one item of a list of files (document 1 §5): the chosen file is uploaded
 * and registered like a file field's, then FileCDNURL, FileExtension and FileType are filled in.
 */
export function ItemFileUpload({
  item,
  fieldNames,
  disabled,
  onItemChange,
}: {
  item: Record<string, unknown>;
  fieldNames: readonly string[];
  disabled?: boolean;
  onItemChange(next: Record<string, unknown>): void;
}) {
  const { projectId } = useFormDocument();
  const slot = useFileSlot(LIST_UPLOAD_TARGET, projectId);
  const input = useRef<HTMLInputElement>(null);
  // The item and its setter as of the latest render: the upload ends renders later.
  const latest = useRef({ item, onItemChange });
  latest.current = { item, onItemChange };
  const message = slotMessage(slot.state);
  const busy = isBusy(slot.state);

  async function choose(chosen: File | undefined) {
    if (!chosen) return;
    const stored = await slot.upload(chosen);
    if (stored) latest.current.onItemChange(applyUploadedFileToItem(latest.current.item, stored, fieldNames));
  }

  return (
    <Box>
      <HStack gap="2">
        <WidgetButton size="xs" disabled={disabled || busy} onClick={() => input.current?.click()}>
          {FILE_TEXTS.uploadToItem}
        </WidgetButton>
        <input
          ref={input}
          type="file"
          hidden
          aria-label={FILE_TEXTS.uploadToItem}
          disabled={disabled || busy}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            void choose(chosen);
          }}
        />
        {message && (
          <Box role="status" aria-live="polite" fontSize="sm" color="fg.muted" data-testid="file-slot-message">
            {message}
          </Box>
        )}
      </HStack>
      {slot.state.error && <WidgetNote tone="error">{slot.state.error}</WidgetNote>}
    </Box>
  );
}
