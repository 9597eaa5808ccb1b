import { Checkbox, HStack, Text } from '@chakra-ui/react';
import type { Project } from '@console/shared';
import { EVENTS_TEXTS } from '../constants';

/** The super-project's choice of stores whose events are listed. */
export function StorePicker({ projects, selected, onChange }: { projects: readonly Project[]; selected: readonly string[]; onChange(stores: string[]): void }) {
  return (
    <HStack as="fieldset" gap="4" wrap="wrap" aria-label={EVENTS_TEXTS.stores}>
      <Text as="legend" fontSize="sm" fontWeight="semibold" float="left" me="2">
        {EVENTS_TEXTS.stores}
      </Text>
      {projects.map((project) => (
        <Checkbox.Root
          key={project.id}
          size="sm"
          checked={selected.includes(project.id)}
          onCheckedChange={(e) =>
            onChange(
              e.checked === true
                ? projects.map((p) => p.id).filter((id) => id === project.id || selected.includes(id))
                : selected.filter((id) => id !== project.id),
            )
          }
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{project.name}</Checkbox.Label>
        </Checkbox.Root>
      ))}
    </HStack>
  );
}
