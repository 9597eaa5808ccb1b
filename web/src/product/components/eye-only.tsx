import type { ReactNode } from 'react';
import type { Role } from '@console/shared';
import { useAuth } from '../../app/auth-context';
import { PANEL_ROLES, eyeOnlyAllows } from '../panel';

interface EyeOnlyProps {
  projectId: string;
  /** The spec's 'eyeOnly' wrapper flag (default true); false shows the content to everyone. */
  eyeOnly?: boolean;
  /** Roles that see the content: admins, and staff of this project (§6). */
  roles?: readonly Role[];
  children: ReactNode;
}

/** Renders its content only for the permitted viewers; others see nothing at all. */
export function EyeOnly({ projectId, eyeOnly = true, roles = PANEL_ROLES, children }: EyeOnlyProps) {
  const { claims } = useAuth();
  if (eyeOnly && !eyeOnlyAllows(claims, projectId, roles)) return null;
  return <>{children}</>;
}
