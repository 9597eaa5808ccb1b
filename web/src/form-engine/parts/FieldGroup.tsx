import { Fieldset, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldDefinition } from '@console/shared';

/**
 * The frame of a widget made of several inputs (struct, lists, maps): a fieldset named by its
 * legend (aria-labelledby, so getByLabel(title) finds it); `disabled` reaches every input inside.
 */
export function FieldGroup({ field, disabled, children }: { field: FieldDefinition; disabled?: boolean; children: ReactNode }) {
  return (
    <Fieldset.Root disabled={disabled} borderWidth="1px" rounded="md" px="4" pt="1" pb="4" minW="0" gap="2">
      <Fieldset.Legend px="1" fontSize="sm" fontWeight="semibold">
        {field.title}
      </Fieldset.Legend>
      {field.description && <Fieldset.HelperText fontSize="xs">{field.description}</Fieldset.HelperText>}
      <Fieldset.Content>
        <Stack gap="4">{children}</Stack>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}
