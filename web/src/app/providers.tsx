import { ChakraProvider } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { AuthProvider } from './auth-context';
import { useConsoleSystem } from './theme-store';

// The toasts' state machines (zag) stay out of the sign-in screen's JavaScript: toasts are raised
// by console screens only, so the region is mounted with the full system.
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/** Providers that live above the router: theme and the signed-in session. */
export function AppProviders({ children }: { children: ReactNode }) {
  const { system, full } = useConsoleSystem();
  return (
    <ChakraProvider value={system}>
      <AuthProvider>
        {children}
        {full && (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        )}
      </AuthProvider>
    </ChakraProvider>
  );
}
