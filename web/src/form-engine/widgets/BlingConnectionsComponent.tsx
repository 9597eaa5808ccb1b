import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { onSnapshot } from 'firebase/firestore';
import { useEffect, useId, useState } from 'react';
import { consoleBlingConnectEndpoint } from '@console/shared';
import { callApi } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { settingsDocument } from '../../lib/firestore-paths';
import { FieldShell } from '../parts/FieldShell';
import { useFormDocument } from '../data/form-document';
import { blingConnectionRows, blingRedirectLink, blingReturn, type BlingConnectionRow } from '../values/bling-connection';
import type { FieldOfType, FieldWidgetProps } from '../types';

const TEXTS = {
  connect: 'Conectar Bling',
  reconnect: 'Reconectar',
  connected: 'Conectada',
  notConnected: 'Não conectada',
  noApp: 'Informe o client id e o client secret do aplicativo e salve antes de conectar.',
  expiresAt: 'Token de acesso expira em',
  refreshedAt: 'Última renovação',
  refreshExpiresAt: 'Renovação válida até',
  unknown: 'não informado',
  noAccounts: 'Nenhuma conta Bling com client id configurada.',
  redirectLink: 'Link de redirecionamento a cadastrar no aplicativo Bling',
  loadFailed: 'Não foi possível ler as contas Bling.',
} as const;

const when = (date: Date | null) => formatDateTime(date) || TEXTS.unknown;

/**
 * The 'bling-connections' component: every account of config/bling (read live, admins only) with
 * its connection — expiry of the access token, last renewal, until when the refresh token lives,
 * the last scheduled renewal's error — and 'Conectar Bling' / 'Reconectar', which POSTs the start
 * (with the ID token) and goes to Bling's consent page it answers. The tokens and the client
 * secret are never shown here; the callback sends the browser back with `?bling=…`.
 */
export function BlingConnectionsComponent({ field, disabled }: FieldWidgetProps<FieldOfType<'component'>>) {
  const labelId = useId();
  const { projectId } = useFormDocument();
  const [rows, setRows] = useState<BlingConnectionRow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [returned] = useState(() => (typeof window === 'undefined' ? null : blingReturn(window.location.search)));

  useEffect(() => {
    if (!projectId) return undefined;
    return onSnapshot(
      settingsDocument(projectId, 'bling'),
      (snapshot) => setRows(blingConnectionRows(snapshot.data())),
      () => setProblem(TEXTS.loadFailed),
    );
  }, [projectId]);

  function connect(account: string) {
    if (busy || disabled) return;
    setBusy(account);
    setProblem(null);
    callApi(consoleBlingConnectEndpoint, { project: projectId, query: { account } })
      .then(({ url }) => window.location.assign(url))
      .catch((error: Error) => {
        setProblem(error.message);
        setBusy(null);
      });
  }

  return (
    <FieldShell field={field} disabled={disabled} labelId={labelId}>
      <Stack gap="3" role="group" aria-labelledby={labelId}>
        {returned && (
          <Text fontSize="sm" color={returned.kind === 'error' ? 'red.700' : 'green.700'} role={returned.kind === 'error' ? 'alert' : 'status'}>
            {returned.message}
          </Text>
        )}
        {rows?.length === 0 && <Text fontSize="sm">{TEXTS.noAccounts}</Text>}
        {rows?.map((row) => (
          <Stack key={row.account} gap="0.5" data-testid={`bling-connection-${row.account}`} borderWidth="1px" borderRadius="md" p="2">
            <HStack gap="3">
              <Text fontWeight="medium">{row.description}</Text>
              <Text fontSize="sm" color={row.connected ? 'green.700' : 'fg.muted'}>
                {row.connected ? TEXTS.connected : TEXTS.notConnected}
              </Text>
              <Button
                size="xs"
                variant="outline"
                onClick={() => connect(row.account)}
                disabled={!row.hasApp || disabled || busy !== null}
                loading={busy === row.account}
              >
                {row.connected ? TEXTS.reconnect : TEXTS.connect}
              </Button>
            </HStack>
            {row.connected && (
              <Text fontSize="sm">
                {TEXTS.expiresAt}: {when(row.expiresAt)} · {TEXTS.refreshedAt}: {when(row.refreshedAt)} · {TEXTS.refreshExpiresAt}: {when(row.refreshExpiresAt)}
              </Text>
            )}
            {!row.hasApp && <Text fontSize="sm">{TEXTS.noApp}</Text>}
            {row.error && (
              <Text fontSize="sm" color="red.700" role="alert">
                {row.error}
              </Text>
            )}
          </Stack>
        ))}
        {problem && (
          <Text fontSize="sm" color="red.700" role="alert">
            {problem}
          </Text>
        )}
        {typeof window !== 'undefined' && (
          <Text fontSize="xs" color="fg.muted">
            {TEXTS.redirectLink}: {blingRedirectLink(window.location.origin)}
          </Text>
        )}
      </Stack>
    </FieldShell>
  );
}
