import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Center, chakra, Field, Heading, Input, Separator, Stack, Text } from '@chakra-ui/react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../app/auth-context';
import { PageLoading } from '../../app/page-states';
import { safeNextPath } from '../../app/paths';
import { GOOGLE_SIGN_IN_ENABLED } from '../../lib/env';
import { authErrorMessage, MISSING_CREDENTIALS } from './constants';

export default function SignInScreen() {
  const { status, signInWithEmail, signInWithGoogle } = useAuth();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const next = safeNextPath(searchParams.get('next'));

  if (status === 'loading') return <PageLoading standalone />;
  if (status === 'signedIn' && !busy) return <Navigate to={next} replace />;

  async function run(signIn: () => Promise<void>) {
    setError(null);
    setBusy(true);
    try {
      await signIn();
      navigate(next, { replace: true });
    } catch (e) {
      setError(authErrorMessage(e));
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(MISSING_CREDENTIALS);
      return;
    }
    void run(() => signInWithEmail(email.trim(), password));
  }

  return (
    <Center minH="full" p="4">
      <Box as="main" bg="panel" borderWidth="1px" rounded="lg" shadow="sm" p="8" w="full" maxW="sm">
        <chakra.form display="flex" flexDirection="column" gap="5" onSubmit={submit} noValidate aria-label="Entrar no console">
          <Stack gap="1">
            <Heading as="h1" size="lg">
              Console
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              Entre com sua conta para continuar.
            </Text>
          </Stack>
          <Field.Root>
            <Field.Label>E-mail</Field.Label>
            <Input type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
          </Field.Root>
          <Field.Root>
            <Field.Label>Senha</Field.Label>
            <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field.Root>
          {error && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          <Button type="submit" colorPalette="blue" loading={busy} loadingText="Entrando...">
            Entrar
          </Button>
          {GOOGLE_SIGN_IN_ENABLED && (
            <>
              <Separator />
              <Button variant="outline" disabled={busy} onClick={() => void run(signInWithGoogle)}>
                Entrar com Google
              </Button>
            </>
          )}
        </chakra.form>
      </Box>
    </Center>
  );
}
