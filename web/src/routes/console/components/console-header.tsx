import { Button, Field, Flex, Heading, HStack, NativeSelect, Spacer, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../app/auth-context';
import { CONSOLE_PATH } from '../../../app/paths';
import { useProjects } from '../../../app/project-context';
import { QuickSwitcher } from './quick-switcher';

/** Location state asking the console to switch project once the navigation went through. */
export interface SwitchProjectState {
  switchProject: string;
}

export function ConsoleHeader() {
  const { user, signOut } = useAuth();
  const { projects, current } = useProjects();
  const navigate = useNavigate();

  // The project changes only after the navigation to /console happened, so an unsaved-changes
  // prompt that cancels it leaves the current project (and the open form) untouched.
  const switchProject = (projectId: string) => {
    if (projectId === current?.id) return;
    navigate(CONSOLE_PATH, { state: { switchProject: projectId } satisfies SwitchProjectState });
  };

  return (
    <Flex as="header" align="center" gap="4" px="4" h="14" bg="panel" borderBottomWidth="1px">
      <Heading as="p" size="md" whiteSpace="nowrap">
        Console
      </Heading>
      <Field.Root orientation="horizontal" w="auto" gap="2">
        <Field.Label fontSize="sm" flex="none" w="auto">
          Projeto
        </Field.Label>
        <NativeSelect.Root size="sm" w="60">
          <NativeSelect.Field value={current?.id ?? ''} onChange={(e) => switchProject(e.currentTarget.value)}>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {current && <QuickSwitcher key={current.id} projectId={current.id} />}
      <Spacer />
      <HStack gap="3">
        <Text fontSize="sm" color="fg.muted" data-testid="user-email">
          {user?.email}
        </Text>
        <Button size="sm" variant="outline" onClick={() => void signOut()}>
          Sair
        </Button>
      </HStack>
    </Flex>
  );
}
