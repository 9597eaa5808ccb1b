import { Button, Center, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useAuth } from '../../../app/auth-context';

export const NO_ACCESS_MESSAGE = 'Seu usuário não tem acesso a nenhum projeto.';

/** Signed in, but the token grants no project (no claims, or staff with an empty list). */
export function NoAccess() {
  const { user, signOut, refreshClaims } = useAuth();
  const [checking, setChecking] = useState(false);
  return (
    <Center as="main" h="full" p="8">
      <Stack gap="4" align="center" textAlign="center" maxW="md">
        {/* The alert wraps the heading: a role on the h1 itself would hide that it is one. */}
        <div role="alert">
          <Heading as="h1" fontSize="lg" fontWeight="semibold">
            {NO_ACCESS_MESSAGE}
          </Heading>
        </div>
        {user?.email && (
          <Text fontSize="sm" color="fg.muted">
            Conectado como {user.email}. Peça a um administrador para liberar o acesso.
          </Text>
        )}
        <HStack>
          <Button
            variant="outline"
            loading={checking}
            onClick={async () => {
              setChecking(true);
              try {
                await refreshClaims();
              } finally {
                setChecking(false);
              }
            }}
          >
            Verificar novamente
          </Button>
          <Button colorPalette="blue" onClick={() => void signOut()}>
            Sair
          </Button>
        </HStack>
      </Stack>
    </Center>
  );
}
