import { SidePanel } from '../../../app/side-panel';
import { Box, Heading, Text } from '@chakra-ui/react';
import { PanelLink } from '../../../app/panel-link';
import type { SettingsDefinition } from '@console/shared';
import { settingsPath } from '../../../app/paths';
import { SETTINGS_TEXTS } from '../constants';
import { groupSettingsByPurpose } from '../settings-groups';

/**
 * Left panel of the settings route, the one list of the settings screens (the menu has a single
 * 'Configurações' entry): one heading per purpose (settings-groups.ts), the open screen highlighted.
 */
export function SettingsPanel({ settings }: { settings: readonly SettingsDefinition[] }) {
  const groups = groupSettingsByPurpose(settings);
  return (
    <SidePanel data-testid="settings-panel">
      <Heading as="h1" size="md" p="3" pb="2">
        {SETTINGS_TEXTS.title}
      </Heading>
      <Box as="nav" aria-label={SETTINGS_TEXTS.title} flex="1" minH="0" overflowY="auto" px="2" pb="2" data-testid="settings-list">
        {groups.length === 0 ? (
          <Text px="2" fontSize="sm" color="fg.muted">
            {SETTINGS_TEXTS.none}
          </Text>
        ) : (
          groups.map(({ purpose, settings: screens }) => (
            <Box key={purpose.key} mb="3">
              <Heading
                as="h2"
                id={`settings-purpose-${purpose.key}`}
                px="3"
                py="1"
                fontSize="xs"
                fontWeight="semibold"
                textTransform="uppercase"
                letterSpacing="wide"
                color="fg.muted"
              >
                {purpose.title}
              </Heading>
              <Box as="ul" m="0" p="0" aria-labelledby={`settings-purpose-${purpose.key}`}>
                {screens.map((s) => (
                  <Box as="li" key={s.id} listStyleType="none">
                    <PanelLink to={settingsPath(s.id)}>{s.title}</PanelLink>
                  </Box>
                ))}
              </Box>
            </Box>
          ))
        )}
      </Box>
    </SidePanel>
  );
}
