import { Center, Text } from '@chakra-ui/react';
import { DOCUMENT_TEXTS } from '../../../documents/constants';
import type { DocumentSnapshotState } from '../../../documents/use-document-snapshot';

/** Why a document cannot be shown: a refused or failed read, or a record that does not exist. */
export function DocumentProblem({ snapshot }: { snapshot: DocumentSnapshotState }) {
  if (snapshot.status === 'error') {
    return (
      <Center py="16" px="6">
        <Text role="alert">{snapshot.code === 'permission-denied' ? DOCUMENT_TEXTS.readDenied : DOCUMENT_TEXTS.loadFailed}</Text>
      </Center>
    );
  }
  return (
    <Center py="16" px="6">
      <Text role="status">{DOCUMENT_TEXTS.notFound}</Text>
    </Center>
  );
}
