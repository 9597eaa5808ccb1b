import { chakra } from '@chakra-ui/react';

const Svg = chakra('svg');

/** The grid's green check: the code has started. */
export function CheckIcon({ label }: { label: string }) {
  return (
    <Svg viewBox="0 0 16 16" boxSize="4" color="green.600" flex="none" role="img" aria-label={label}>
      <path d="M3 8.5l3.2 3.2L13 4.8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </Svg>
  );
}

/** The grid's red error icon (a task failed). */
export function ErrorIcon() {
  return (
    <Svg viewBox="0 0 16 16" boxSize="4" color="red.600" flex="none" aria-hidden="true">
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <path d="M5.5 5.5l5 5M10.5 5.5l-5 5" stroke="white" strokeWidth="1.8" strokeLinecap="round" />
    </Svg>
  );
}
