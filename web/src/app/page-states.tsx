import { Box, Button, Center, Heading, Spinner, Stack, VisuallyHidden } from '@chakra-ui/react';
import { useRouteError } from 'react-router';

/**
 * Shown while a screen's code or the session loads. `standalone`: the whole page (no console shell
 * around it, e.g. before sign-in), which then is the page's main landmark with its level-one heading.
 */
export function PageLoading({ standalone = false }: { standalone?: boolean }) {
  const spinner = (
    <Center h="full" minH="40" py="10">
      <Spinner size="lg" color="blue.500" role="status" aria-label="Carregando" />
    </Center>
  );
  if (!standalone) return spinner;
  return (
    <Box as="main" h="full">
      <VisuallyHidden asChild>
        <h1>Console</h1>
      </VisuallyHidden>
      {spinner}
    </Box>
  );
}

/** Router error element: a failed chunk load (new deploy) or a crash in a screen. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Center as="main" h="full" p="8">
      <Stack gap="4" align="center" textAlign="center">
        <Heading as="h1" size="md">
          Algo deu errado ao abrir esta tela.
        </Heading>
        <Button onClick={() => window.location.reload()}>Recarregar a página</Button>
      </Stack>
    </Center>
  );
}
