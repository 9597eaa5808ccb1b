import { HStack, Link, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { FieldShell } from './FieldShell';
import { useFormDocument } from './form-document';
import { googleConnectPath, isGoogleConnected } from './google-connection';
import { FORM_TEXTS } from './texts';
import type { FieldOfType, FieldWidgetProps } from './types';

/**
 * The 'google-console-connect' component: whether Google tokens are stored, and the 'Conectar'
 * link to the OAuth start. The tokens are written by the OAuth callback, never typed or shown.
 */
export function GoogleConsoleConnectComponent({ field, value, disabled }: FieldWidgetProps<FieldOfType<'component'>>) {
  const labelId = useId();
  const { projectId } = useFormDocument();
  const connected = isGoogleConnected(value);
  return (
    <FieldShell field={field} disabled={disabled} labelId={labelId}>
      <HStack role="group" aria-labelledby={labelId} gap="4">
        <Text fontSize="sm" color={connected ? 'green.700' : 'fg.muted'}>
          {connected ? FORM_TEXTS.connected : FORM_TEXTS.notConnected}
        </Text>
        <Link href={googleConnectPath(projectId)} colorPalette="blue" fontSize="sm" fontWeight="medium">
          {FORM_TEXTS.connect}
        </Link>
      </HStack>
    </FieldShell>
  );
}
