import { Box, Text } from '@chakra-ui/react';
import { conditionContextOf, readStoredCondition } from '@console/shared';
import { ConditionBuilder } from '../../condition-builder/ConditionBuilder';
import { FieldShell } from '../parts/FieldShell';
import { ReadOnlyField } from './ReadOnlyField';
import type { FieldOfType, FieldWidgetProps } from '../types';

/**
 * A condition ({map, sql}, document 1 §3) edited with the condition builder; `attributes` names
 * the catalogue (product, layout, customer). A stored value that is not a condition the builder
 * knows is shown read-only, so saving leaves it as stored.
 */
export function ConditionField(props: FieldWidgetProps<FieldOfType<'condition'>>) {
  const { field, value, onChange, disabled } = props;
  const stored = readStoredCondition(value);
  if (stored.kind === 'invalid') {
    return (
      <Box>
        <ReadOnlyField {...props} />
        <Text fontSize="xs" color="orange.600" mt="1">
          {stored.message}
        </Text>
      </Box>
    );
  }
  return (
    <FieldShell field={field} disabled={disabled}>
      {/* A group, not a region: a segment's lists each hold a 'Condição 1', and landmarks must be unique (axe: landmark-unique). */}
      <Box width="full" role="group" aria-label={`Condição: ${field.title}`}>
        <ConditionBuilder
          value={stored.kind === 'condition' ? stored.map : null}
          context={conditionContextOf(field.attributes)}
          disabled={disabled || field.readOnly}
          onChange={onChange}
        />
      </Box>
    </FieldShell>
  );
}
