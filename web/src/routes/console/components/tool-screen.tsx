import { Center, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { projectHasTool, type ConsoleTool } from '@console/shared';
import { useCurrentProject } from '../../../app/project-context';

export const TOOL_NOT_AVAILABLE_MESSAGE = 'Esta tela não está disponível para este projeto.';

/**
 * A tool screen ('Eventos', 'Sincronização de produtos') for the projects that have it
 * (toolsForProject); opened by URL in another project it says so instead of running.
 */
export function ToolScreen({ tool, children }: { tool: ConsoleTool; children: ReactNode }) {
  const project = useCurrentProject();
  if (projectHasTool(project.id, tool)) return children;
  return (
    <Center h="full" p="8">
      <div role="alert">
        <Heading as="h1" fontSize="lg" fontWeight="normal">
          {TOOL_NOT_AVAILABLE_MESSAGE}
        </Heading>
      </div>
    </Center>
  );
}
