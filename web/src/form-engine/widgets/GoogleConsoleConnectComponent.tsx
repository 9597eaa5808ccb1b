import { HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type MouseEvent } from 'react';
import { FieldShell } from '../parts/FieldShell';
import { useFormDocument } from '../data/form-document';
import { connectedAccount, googleConnectPath, googleReturnMessage, isGoogleConnected } from '../values/google-connection';
import { startGoogleConnection } from '../data/google-connect-start';
import { FORM_TEXTS } from '../texts';
import type { FieldOfType, FieldWidgetProps } from '../types';

/**
 * The 'google-console-connect' component: whether Google tokens are stored (and for which account),
 * and the 'Conectar' link to the OAuth start. The tokens are written by the OAuth callback, never
 * typed or shown. The link keeps the spec's href; its click POSTs the start (with the ID token)
 * and follows the consent URL it answers.
 */
export function GoogleConsoleConnectComponent({ field, value, disabled }: FieldWidgetProps<FieldOfType<'component'>>) {
  const labelId = useId();
  const { projectId } = useFormDocument();
  const connected = isGoogleConnected(value);
  const account = connectedAccount(value);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(() => (typeof window === 'undefined' ? null : googleReturnMessage(window.location.search)));

  function connect(event: MouseEvent) {
    event.preventDefault();
    if (busy || disabled) return;
    setBusy(true);
    setProblem(null);
    startGoogleConnection(projectId).catch((error: Error) => {
      setProblem(error.message);
      setBusy(false);
    });
  }

  return (
    <FieldShell field={field} disabled={disabled} labelId={labelId}>
      <Stack gap="1">
        <HStack role="group" aria-labelledby={labelId} gap="4">
          <Text fontSize="sm" color={connected ? 'green.700' : 'fg.muted'} data-testid="google-connection-status">
            {connected ? (account ? `${FORM_TEXTS.connected}: ${account}` : FORM_TEXTS.connected) : FORM_TEXTS.notConnected}
          </Text>
          <Link href={googleConnectPath(projectId)} onClick={connect} aria-disabled={busy || disabled} colorPalette="blue" fontSize="sm" fontWeight="medium">
            {FORM_TEXTS.connect}
          </Link>
        </HStack>
        {problem && (
          <Text fontSize="sm" color="red.700" role="alert">
            {problem}
          </Text>
        )}
      </Stack>
    </FieldShell>
  );
}
