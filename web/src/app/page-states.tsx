import { Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { useRouteError } from 'react-router';

/** Shown while a screen's code or the session loads. */
export function PageLoading() {
  return (
    <Center h="full" minH="40" py="10">
      <Spinner size="lg" color="blue.500" aria-label="Carregando" />
    </Center>
  );
}

/** Router error element: a failed chunk load (new deploy) or a crash in a screen. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Center h="full" p="8">
      <Stack gap="4" align="center" textAlign="center">
        <Text fontSize="lg" fontWeight="semibold">
          Algo deu errado ao abrir esta tela.
        </Text>
        <Button onClick={() => window.location.reload()}>Recarregar a página</Button>
      </Stack>
    </Center>
  );
}
