import { Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

/** A link of a side list (the menu, the settings list): the open screen's one highlighted (aria-current). */
export function PanelLink({ to, indent = '3', children }: { to: string; indent?: string; children: ReactNode }) {
  return (
    <Link
      asChild
      display="block"
      px="3"
      py="1.5"
      ps={indent}
      rounded="md"
      fontSize="sm"
      color="fg"
      textDecoration="none"
      _hover={{ bg: 'gray.100', textDecoration: 'none' }}
      css={{ '&[aria-current=page]': { bg: 'selected', fontWeight: 'semibold' } }}
    >
      <NavLink to={to}>{children}</NavLink>
    </Link>
  );
}
