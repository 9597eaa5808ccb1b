import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useCurrentProject } from '../../app/project-context';

export default function WelcomeScreen() {
  const project = useCurrentProject();
  return (
    <Box p="8">
      <Stack gap="2" maxW="2xl">
        <Heading as="h1" size="xl">
          Bem-vindo ao console
        </Heading>
        <Text>
          Projeto atual: <strong>{project.name}</strong>
        </Text>
        <Text color="fg.muted">Escolha uma coleção ou configuração no menu ao lado para começar.</Text>
      </Stack>
    </Box>
  );
}
