import { HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { FieldShell } from '../parts/FieldShell';
import { useFormDocument } from '../data/form-document';
import {
  connectedAccount,
  googleConnectPath,
  googleReturnMessage,
  googleStartRequested,
  isGoogleConnected,
  withoutStartRequest,
} from '../values/google-connection';
import { startGoogleConnection } from '../data/google-connect-start';
import { FORM_TEXTS } from '../texts';
import type { FieldOfType, FieldWidgetProps } from '../types';

/**
 * The 'google-console-connect' component: whether Google tokens are stored (and for which account),
 * and the 'Conectar' link to the OAuth start. The tokens are written by the OAuth callback, never
 * typed or shown. The link keeps the spec's href; its click POSTs the start (with the ID token)
 * and follows the consent URL it answers. Opened in a new tab, the link's GET lands back here with
 * `?google=start&project=…`, and the page starts the connection the same way.
 */
export function GoogleConsoleConnectComponent({ field, value, disabled }: FieldWidgetProps<FieldOfType<'component'>>) {
  const labelId = useId();
  const { projectId } = useFormDocument();
  const connected = isGoogleConnected(value);
  const account = connectedAccount(value);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(() => (typeof window === 'undefined' ? null : googleReturnMessage(window.location.search)));

  function start() {
    setBusy(true);
    setProblem(null);
    startGoogleConnection(projectId).catch((error: Error) => {
      setProblem(error.message);
      setBusy(false);
    });
  }

  function connect(event: MouseEvent) {
    event.preventDefault();
    if (busy || disabled) return;
    start();
  }

  // The link's GET (a new tab) asked for the start: once, and never again on a reload.
  const startRequested = useRef(false);
  useEffect(() => {
    if (startRequested.current || typeof window === 'undefined' || !googleStartRequested(window.location.search, projectId)) return;
    startRequested.current = true;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${withoutStartRequest(window.location.search)}${window.location.hash}`);
    if (!disabled) start();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per page, for the project the page opened with
  }, [projectId]);

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
