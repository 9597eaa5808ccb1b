import { Box, chakra, Text } from '@chakra-ui/react';
import { formatDisplayJson, summarizeValue } from '../values/display-json';
import type { FieldWidgetProps } from '../types';

/**
 * The widget of every kind the form does not edit (editor-layout) and of any stored value whose
 * shape a widget does not expect: it shows the stored value, collapsed, and never calls onChange,
 * so saving leaves the value exactly as stored.
 */
export function ReadOnlyField({ field, value }: FieldWidgetProps) {
  return (
    <Box>
      <chakra.details aria-label={field.title} borderWidth="1px" rounded="md" bg="gray.50">
        <chakra.summary cursor="pointer" px="3" py="2" fontSize="sm">
          <Text as="span" fontWeight="medium">
            {field.title}
          </Text>{' '}
          <Text as="span" color="fg.muted">
            ({summarizeValue(value)})
          </Text>
        </chakra.summary>
        <chakra.pre m="0" px="3" pb="3" fontFamily="mono" fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-word" maxH="80" overflow="auto">
          {value === undefined ? '—' : formatDisplayJson(value)}
        </chakra.pre>
      </chakra.details>
      {field.description && (
        <Text fontSize="xs" color="fg.muted" mt="1">
          {field.description}
        </Text>
      )}
    </Box>
  );
}
