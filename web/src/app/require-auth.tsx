import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from './auth-context';
import { PageLoading } from './page-states';
import { SIGN_IN_PATH } from './paths';

/** Signed out, every console route goes to sign-in, remembering where to come back. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageLoading standalone />;
  if (status === 'signedOut') {
    const next = location.pathname + location.search;
    return <Navigate to={`${SIGN_IN_PATH}?next=${encodeURIComponent(next)}`} replace />;
  }
  return children;
}
