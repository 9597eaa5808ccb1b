import { chakra } from '@chakra-ui/react';
import { formatDisplayJson } from '../values/display-json';

/** A stored value of a shape no widget edits, shown as JSON and left as it is. */
export function JsonPreview({ value }: { value: unknown }) {
  return (
    <chakra.pre m="0" fontFamily="mono" fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-word" maxH="60" overflow="auto">
      {value === undefined ? '—' : formatDisplayJson(value)}
    </chakra.pre>
  );
}
