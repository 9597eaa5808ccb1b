import { Box, Center, Flex, Heading, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import type { CollectionDefinition } from '@console/shared';
import { findCollectionDefinition } from '../../app/definitions';
import { collectionPath } from '../../app/paths';
import { useCurrentProject } from '../../app/project-context';
import { DocumentScreen } from '../document/DocumentScreen';
import { CollectionPanel } from './components/collection-panel';
import { LIST_TEXTS } from './constants';

/** Route /console/:collection/:docId? */
export default function CollectionRoute() {
  const { collection = '', docId } = useParams();
  const project = useCurrentProject();
  // Memoised: the list subscription depends on the definition object.
  const definition = useMemo(() => findCollectionDefinition(project.id, collection), [project.id, collection]);

  if (!definition) {
    return (
      <Center h="full" p="8">
        <div role="alert">
          <Heading as="h1" fontSize="lg" fontWeight="normal">
            {LIST_TEXTS.notFound}
          </Heading>
        </div>
      </Center>
    );
  }
  // Keyed by project and collection only: a new docId re-renders, never remounts, the list.
  return <CollectionScreen key={`${project.id}/${collection}`} projectId={project.id} definition={definition} docId={docId} />;
}

function CollectionScreen({ projectId, definition, docId }: { projectId: string; definition: CollectionDefinition; docId: string | undefined }) {
  return (
    <Flex h="full" minH="0">
      <CollectionPanel projectId={projectId} definition={definition} selectedId={docId} />
      <Box flex="1" minW="0" overflowY="auto" bg="bg">
        {docId ? (
          <DocumentScreen
            key={docId}
            projectId={projectId}
            collectionId={definition.id}
            docId={docId}
            definition={definition}
            basePath={collectionPath(definition.id)}
          />
        ) : (
          <Center h="full" p="8">
            <Text color="fg.muted">{LIST_TEXTS.noSelection}</Text>
          </Center>
        )}
      </Box>
    </Flex>
  );
}
