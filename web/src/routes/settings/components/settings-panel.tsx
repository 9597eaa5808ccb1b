import { SidePanel } from '../../../app/side-panel';
import { Box, Heading, Link, Text } from '@chakra-ui/react';
import { NavLink } from 'react-router';
import type { SettingsDefinition } from '@console/shared';
import { settingsPath } from '../../../app/paths';
import { SETTINGS_TEXTS } from '../constants';

/** Left panel of the settings route: one link per settings screen, the open one highlighted. */
export function SettingsPanel({ settings }: { settings: readonly SettingsDefinition[] }) {
  return (
    <SidePanel data-testid="settings-panel">
      <Heading as="h1" size="md" p="3" pb="2">
        {SETTINGS_TEXTS.title}
      </Heading>
      <Box flex="1" minH="0" overflowY="auto" px="2" pb="2">
        {settings.length === 0 ? (
          <Text px="2" fontSize="sm" color="fg.muted">
            {SETTINGS_TEXTS.none}
          </Text>
        ) : (
          <Box as="ul" m="0" p="0" data-testid="settings-list">
            {settings.map((s) => (
              <Box as="li" key={s.id} listStyleType="none">
                <Link
                  asChild
                  display="block"
                  px="3"
                  py="1.5"
                  rounded="md"
                  fontSize="sm"
                  color="fg"
                  textDecoration="none"
                  _hover={{ bg: 'gray.100', textDecoration: 'none' }}
                  css={{ '&[aria-current=page]': { bg: 'selected', fontWeight: 'semibold' } }}
                >
                  <NavLink to={settingsPath(s.id)}>{s.title}</NavLink>
                </Link>
              </Box>
            ))}
          </Box>
        )}
      </Box>
    </SidePanel>
  );
}
