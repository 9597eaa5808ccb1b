import { Box, Link, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { NavLink } from 'react-router';
import { collectionsForProject, toolsForProject } from '@console/shared';
import { useAuth } from '../../../app/auth-context';
import { visibleSettings } from '../../../app/definitions';
import { buildMenu, type MenuLink } from '../menu';

function MenuEntry({ link, nested }: { link: MenuLink; nested?: boolean }) {
  return (
    <Box as="li" listStyleType="none">
      <Link
        asChild
        display="block"
        px="3"
        py="1.5"
        ps={nested ? '5' : '3'}
        rounded="md"
        fontSize="sm"
        color="fg"
        textDecoration="none"
        _hover={{ bg: 'gray.100', textDecoration: 'none' }}
        css={{ '&[aria-current=page]': { bg: 'selected', fontWeight: 'semibold' } }}
      >
        <NavLink to={link.to}>{link.title}</NavLink>
      </Link>
    </Box>
  );
}

/** The side menu of the current project's collections and settings screens. */
export function CollectionsMenu({ projectId }: { projectId: string }) {
  const { claims } = useAuth();
  const items = useMemo(() => buildMenu(collectionsForProject(projectId), visibleSettings(projectId, claims), toolsForProject(projectId)), [projectId, claims]);

  return (
    <Box as="nav" aria-label="Coleções" h="full" overflowY="auto" py="3" px="2">
      {items.length === 0 && (
        <Text px="3" fontSize="sm" color="fg.muted">
          Nenhuma coleção configurada para este projeto.
        </Text>
      )}
      <Stack as="ul" gap="0.5" m="0" p="0">
        {items.map((item) =>
          item.kind === 'link' ? (
            <MenuEntry key={item.key} link={item} />
          ) : (
            <Box as="li" key={item.key} listStyleType="none" mt="3">
              <Text px="3" pb="1" fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wide" color="fg.muted">
                {item.title}
              </Text>
              <Stack as="ul" gap="0.5" m="0" p="0">
                {item.links.map((link) => (
                  <MenuEntry key={link.key} link={link} nested />
                ))}
              </Stack>
            </Box>
          ),
        )}
      </Stack>
    </Box>
  );
}
