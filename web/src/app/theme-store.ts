import { useSyncExternalStore } from 'react';
import type { SystemContext } from '@chakra-ui/react';
import { signInSystem } from './theme-sign-in';

/**
 * Which Chakra system the app renders with: the sign-in system until the console shell asks for
 * the full one (loadFullSystem, awaited by the shell's lazy import), then the full one for good.
 * Both share tokens and global CSS, so the switch changes no class or variable already on screen.
 */
let current: SystemContext = signInSystem;
let full: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function loadFullSystem(): Promise<void> {
  full ??= import('./theme').then(({ system }) => {
    current = system;
    listeners.forEach((listener) => listener());
  });
  return full;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConsoleSystem(): { system: SystemContext; full: boolean } {
  const system = useSyncExternalStore(subscribe, () => current);
  return { system, full: system !== signInSystem };
}
