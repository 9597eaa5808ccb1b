import { Button, Center, Stack, Text } from '@chakra-ui/react';
import { DOCUMENT_TEXTS } from '../../../documents/constants';

/** After Delete: the record is gone, and one click writes the kept data back. */
export function DeletedNotice({ onRecreate, busy }: { onRecreate(): void; busy: boolean }) {
  return (
    <Center py="16" px="6">
      <Stack gap="4" align="center">
        <Text fontSize="lg" fontWeight="semibold" role="status">
          {DOCUMENT_TEXTS.deleted}
        </Text>
        <Button colorPalette="blue" loading={busy} onClick={onRecreate}>
          {DOCUMENT_TEXTS.recreate}
        </Button>
      </Stack>
    </Center>
  );
}
