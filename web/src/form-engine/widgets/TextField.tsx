import { Group, IconButton, Input, Text } from '@chakra-ui/react';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { isAdmin } from '@console/shared';
import { useAuth } from '../../app/auth-context';
import { formatDateTime } from '../../lib/format';
import { useSecretChange } from '../data/use-secret-change';
import { useFieldPath } from '../parts/field-path';
import { FieldShell } from '../parts/FieldShell';
import { FORM_TEXTS } from '../texts';
import type { FieldOfType, FieldWidgetProps } from '../types';

export function textValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
}

/**
 * A credential: masked as a password input (nothing the browser offers to remember), revealed on
 * demand by an admin only. Staff never reach a credential document (admin-only config), so the
 * button is a second guard, not the first.
 */
function SecretInput({ field, value, onChange }: FieldWidgetProps<FieldOfType<'text'>>) {
  const { claims } = useAuth();
  const [revealed, setRevealed] = useState(false);
  const shown = revealed && isAdmin(claims);
  const change = useSecretChange(useFieldPath());
  return (
    <>
      <Group attached w="full">
        <Input
          type={shown ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          value={textValue(value)}
          placeholder={field.placeholder}
          onChange={(e) => onChange(e.target.value)}
          fontFamily={shown ? 'mono' : undefined}
        />
        {isAdmin(claims) && (
          <IconButton variant="outline" aria-label={FORM_TEXTS.revealSecret} aria-pressed={shown} onClick={() => setRevealed((r) => !r)}>
            {shown ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
          </IconButton>
        )}
      </Group>
      {change.status !== 'loading' && (
        <Text fontSize="xs" color="fg.muted" data-testid="secret-changed-at">
          {change.status === 'known' ? FORM_TEXTS.secretChangedAt(formatDateTime(change.at)) : FORM_TEXTS.secretNeverChanged}
        </Text>
      )}
    </>
  );
}

export function TextField(props: FieldWidgetProps<FieldOfType<'text'>>) {
  const { field, value, onChange, disabled } = props;
  return (
    <FieldShell field={field} disabled={disabled}>
      {field.secret ? (
        <SecretInput {...props} />
      ) : (
        <Input value={textValue(value)} placeholder={field.placeholder} onChange={(e) => onChange(e.target.value)} />
      )}
    </FieldShell>
  );
}
