import { useCallback, useRef } from 'react';

/**
 * The widget's value and onChange as of now, for work that finishes after a render or two (an
 * upload, a status poll): `get` is the value last rendered or last set here, `set` calls the
 * latest onChange. Without it a late answer would overwrite edits made while it was on its way.
 */
export interface LatestValue {
  get(): unknown;
  set(next: unknown): void;
}

export function useLatestValue(value: unknown, onChange: (value: unknown) => void): LatestValue {
  const current = useRef({ value, onChange });
  current.current = { value, onChange };
  const get = useCallback(() => current.current.value, []);
  const set = useCallback((next: unknown) => {
    current.current = { ...current.current, value: next };
    current.current.onChange(next);
  }, []);
  return { get, set };
}
