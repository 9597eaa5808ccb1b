import { Link } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router';
import { SUPER_PROJECT_ID } from '../lib/env';
import { customerEmailLink } from './customer-email-link';

/** An e-mail that opens its customer (?customerEmail=) over the current screen. */
export function CustomerEmailLink({ email, projectId }: { email: string; projectId: string }) {
  const { pathname, search } = useLocation();
  return (
    <Link asChild colorPalette="blue" variant="underline">
      <RouterLink to={customerEmailLink(pathname, search, email, projectId, projectId === SUPER_PROJECT_ID)} data-customer-email={email}>
        {email}
      </RouterLink>
    </Link>
  );
}
