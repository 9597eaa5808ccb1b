import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { projectHasTool } from '@console/shared';
import { useCurrentProject } from '../../app/project-context';
import { ReadinessByChannel, useStoreChannels } from '../../readiness/ui';
import { HealthCounters } from '../../store-health/ui';

/** The console's home: the store's health (issue 29, Build 6) where the store has a catalogue. */
export default function WelcomeScreen() {
  const project = useCurrentProject();
  const channels = useStoreChannels(project.id);
  // The stores with the product tools (not cdlbox, whose screens are set C alone).
  const withCatalogue = projectHasTool(project.id, 'product-sync');
  return (
    <Box p={{ base: '4', lg: '8' }}>
      <Stack gap="4" maxW="6xl">
        <Heading as="h1" size="xl">
          Bem-vindo ao console
        </Heading>
        <Text>
          Projeto atual: <strong>{project.name}</strong>
        </Text>
        {withCatalogue ? (
          <>
            <HealthCounters projectId={project.id} />
            <ReadinessByChannel projectId={project.id} channels={channels} />
          </>
        ) : (
          <Text color="fg.muted">Escolha uma coleção ou configuração no menu ao lado para começar.</Text>
        )}
      </Stack>
    </Box>
  );
}
