import { Box, Button, Input, Popover, Portal, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { conditionAttributes, findConditionAttribute, type ConditionAttribute, type ConditionContext } from '@console/shared';

const TYPE_LABELS: Record<ConditionAttribute['type'], string> = { number: 'número', string: 'texto', boolean: 'sim/não', date: 'data' };

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * The field of a `field` node: a button naming it; opens a searchable list of the catalogue
 * (label, name, group), keyboard driven (type, arrows, Enter, Esc). A typed name the catalogue
 * does not have can be used as a free field; a stored unknown field shows as such.
 */
export function FieldPicker({
  value,
  context,
  onChange,
  disabled,
  label,
}: {
  value: string;
  context: ConditionContext;
  onChange(name: string): void;
  disabled?: boolean;
  label: string;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const id = useId();
  const attribute = findConditionAttribute(context, value);
  const options = useMemo(() => {
    const q = normalise(query.trim());
    const all = conditionAttributes(context);
    return q === '' ? all : all.filter((a) => normalise(`${a.label} ${a.name} ${a.group}`).includes(q));
  }, [context, query]);
  const free = query.trim() !== '' && !findConditionAttribute(context, query.trim()) ? query.trim() : null;
  const count = options.length + (free ? 1 : 0);

  const choose = (name: string) => {
    onChange(name);
    setOpen(false);
    setQuery('');
  };

  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} lazyMount unmountOnExit positioning={{ placement: 'bottom-start' }}>
      <Popover.Trigger asChild>
        <Button
          size="xs"
          variant="outline"
          disabled={disabled}
          aria-label={`${label}: ${attribute ? attribute.label : value || 'escolher campo'}`}
          title={value}
          maxW="64"
        >
          <Text as="span" truncate>
            {attribute ? attribute.label : value ? `${value} (campo livre)` : 'Escolher campo…'}
          </Text>
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="sm">
            <Popover.Body p="2">
              <Input
                size="sm"
                placeholder="Buscar campo…"
                aria-label="Buscar campo"
                role="combobox"
                aria-expanded
                aria-controls={`${id}-list`}
                aria-activedescendant={count > 0 ? `${id}-option-${active}` : undefined}
                value={query}
                onChange={(e) => {
                  setQuery(e.target.value);
                  setActive(0);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'ArrowDown') {
                    e.preventDefault();
                    setActive((a) => Math.min(count - 1, a + 1));
                  } else if (e.key === 'ArrowUp') {
                    e.preventDefault();
                    setActive((a) => Math.max(0, a - 1));
                  } else if (e.key === 'Enter') {
                    e.preventDefault();
                    if (active < options.length) choose(options[active]!.name);
                    else if (free) choose(free);
                  }
                }}
              />
              <Box id={`${id}-list`} role="listbox" aria-label="Campos" maxH="64" overflowY="auto" mt="2">
                {options.map((a, i) => (
                  <Box
                    key={a.name}
                    id={`${id}-option-${i}`}
                    role="option"
                    aria-selected={i === active}
                    px="2"
                    py="1"
                    rounded="sm"
                    cursor="pointer"
                    fontSize="sm"
                    bg={i === active ? 'blue.50' : undefined}
                    onMouseEnter={() => setActive(i)}
                    onClick={() => choose(a.name)}
                  >
                    {a.label}{' '}
                    <Text as="span" color="fg.muted" fontSize="xs">
                      {a.group} · {TYPE_LABELS[a.type]} · {a.name}
                    </Text>
                  </Box>
                ))}
                {free && (
                  <Box
                    id={`${id}-option-${options.length}`}
                    role="option"
                    aria-selected={active === options.length}
                    px="2"
                    py="1"
                    rounded="sm"
                    cursor="pointer"
                    fontSize="sm"
                    bg={active === options.length ? 'blue.50' : undefined}
                    onClick={() => choose(free)}
                  >
                    Usar campo livre «{free}»
                  </Box>
                )}
                {count === 0 && (
                  <Text fontSize="sm" color="fg.muted" px="2">
                    Nenhum campo encontrado.
                  </Text>
                )}
              </Box>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
