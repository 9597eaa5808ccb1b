import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AuthProvider } from './auth-context';
import { system } from './theme';
import { Toaster } from './toaster';

/** Providers that live above the router: theme and the signed-in session. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <AuthProvider>
        {children}
        <Toaster />
      </AuthProvider>
    </ChakraProvider>
  );
}
