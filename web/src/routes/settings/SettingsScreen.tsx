import { Box, Center, Flex, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { CONFIG_COLLECTION, isAdmin } from '@console/shared';
import { useAuth } from '../../app/auth-context';
import { findSettingsDefinition, visibleSettings } from '../../app/definitions';
import { settingsPath } from '../../app/paths';
import { useCurrentProject } from '../../app/project-context';
import { DocumentScreen } from '../document/DocumentScreen';
import { SettingsPanel } from './components/settings-panel';
import { SETTINGS_TEXTS } from './constants';

/** Route /console/config/:settingsId? — one settings document at project/{p}/config/{id}. */
export default function SettingsScreen() {
  const { settingsId } = useParams();
  const project = useCurrentProject();
  const { claims } = useAuth();
  const settings = useMemo(() => visibleSettings(project.id, claims), [project.id, claims]);
  const definition = useMemo(() => (settingsId ? findSettingsDefinition(project.id, settingsId) : null), [project.id, settingsId]);

  let content;
  if (!settingsId) content = <Notice>{SETTINGS_TEXTS.noSelection}</Notice>;
  else if (!definition) content = <Notice alert>{SETTINGS_TEXTS.notFound}</Notice>;
  else if (definition.adminOnly && !isAdmin(claims)) content = <Notice alert>{SETTINGS_TEXTS.adminOnly}</Notice>;
  else
    content = (
      <DocumentScreen
        key={`${project.id}/${definition.id}`}
        projectId={project.id}
        collectionId={CONFIG_COLLECTION}
        docId={definition.id}
        definition={definition}
        basePath={settingsPath()}
      />
    );

  return (
    <Flex h="full" minH="0">
      <SettingsPanel settings={settings} />
      <Box flex="1" minW="0" overflowY="auto" bg="bg">
        {content}
      </Box>
    </Flex>
  );
}

function Notice({ children, alert }: { children: string; alert?: boolean }) {
  return (
    <Center h="full" p="8">
      <Text role={alert ? 'alert' : undefined} color={alert ? undefined : 'fg.muted'}>
        {children}
      </Text>
    </Center>
  );
}
