import { Badge, Box, Flex, Input, NativeSelect, SimpleGrid, Spinner, Text } from '@chakra-ui/react';
import { getDoc } from 'firebase/firestore';
import { useEffect, useMemo, useState } from 'react';
import { BRAZILIAN_STATES, CUSTOMER_EVENT_NAMES, layoutConditionRow, nodeAt, traceCondition, writeConditionSql, type ConditionNode } from '@console/shared';
import { useCurrentProject } from '../app/project-context';
import { projectDocument } from '../lib/firestore-paths';
import { useDebouncedValue } from '../lib/use-debounced-value';

/** "2026-11-20T14:30" typed as São Paulo wall time (UTC-3 all year since 2019) → that moment. */
export function saoPauloMoment(local: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const d = new Date(`${local}:00-03:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}

function nowInSaoPaulo(): string {
  return new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 16);
}

const RESULT = { true: ['Verdadeiro', 'green'], false: ['Falso', 'red'], null: ['Indefinido (NULL)', 'gray'] } as const;

/**
 * Banner rules run on one page view: a small form of the context (moment, states, event, customer,
 * product on screen) and the answer with the nodes that decided it. One row: evaluated as you type.
 */
export function LayoutTryOut({ tree }: { tree: ConditionNode | null }) {
  const project = useCurrentProject();
  const [form, setForm] = useState({
    date: nowInSaoPaulo(),
    shippingRegion: '',
    shippingZipcode: '',
    ipRegion: '',
    event: 'page_view',
    url: '',
    customerId: '',
    email: '',
    productCode: '',
  });
  const [product, setProduct] = useState<{ code: string; data: Record<string, unknown> | null } | null>(null);
  const code = useDebouncedValue(form.productCode.trim(), 400);

  useEffect(() => {
    if (!code) {
      setProduct(null);
      return;
    }
    let live = true;
    getDoc(projectDocument(project.id, 'product', code))
      .then((snap) => live && setProduct({ code, data: snap.exists() ? snap.data() : null }))
      .catch(() => live && setProduct({ code, data: null }));
    return () => {
      live = false;
    };
  }, [code, project.id]);

  const trace = useMemo(() => {
    if (!tree) return null;
    const row = layoutConditionRow({
      date: saoPauloMoment(form.date) ?? new Date(),
      customer: { id: form.customerId, email: form.email },
      ip: { region: form.ipRegion },
      shipping: { region: form.shippingRegion, zipcode: form.shippingZipcode },
      event: { name: form.event, url: form.url },
      product: product?.data ?? null,
    });
    return traceCondition(tree, row);
  }, [tree, form, product]);

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const select = (key: keyof typeof form, label: string, options: readonly string[]) => (
    <NativeSelect.Root size="xs">
      <NativeSelect.Field aria-label={label} value={form[key]} onChange={set(key)}>
        <option value="">{label}: —</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
  if (!tree || !trace) return null;
  // The product on screen is read after typing pauses: until it is, the answer would be about no
  // product (often NULL), so the try-out says it is evaluating instead.
  const evaluating = form.productCode.trim() !== (product?.code ?? '');
  const [label, color] = evaluating ? (['Avaliando…', 'gray'] as const) : RESULT[String(trace.result) as keyof typeof RESULT];
  return (
    <Box>
      <Text fontSize="sm" fontWeight="semibold" mb="1">
        Testar com um contexto
      </Text>
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="1.5">
        <Input size="xs" type="datetime-local" aria-label="Data e hora (Brasília)" value={form.date} onChange={set('date')} />
        {select('shippingRegion', 'Estado de entrega', BRAZILIAN_STATES)}
        <Input size="xs" aria-label="CEP de entrega" placeholder="CEP de entrega" value={form.shippingZipcode} onChange={set('shippingZipcode')} />
        {select('ipRegion', 'Estado do IP', BRAZILIAN_STATES)}
        {select('event', 'Evento', CUSTOMER_EVENT_NAMES)}
        <Input size="xs" aria-label="URL do evento" placeholder="URL" value={form.url} onChange={set('url')} />
        <Input size="xs" aria-label="Id do cliente" placeholder="Id do cliente (vazio: anônimo)" value={form.customerId} onChange={set('customerId')} />
        <Input size="xs" aria-label="E-mail do cliente" placeholder="E-mail" value={form.email} onChange={set('email')} />
        <Input size="xs" aria-label="Código do produto em tela" placeholder="Código do produto" value={form.productCode} onChange={set('productCode')} />
      </SimpleGrid>
      {product && (
        <Text fontSize="xs" color="fg.muted" mt="1">
          {product.data ? String(product.data.ProductSiteName ?? product.code) : `Produto ${product.code} não encontrado.`}
        </Text>
      )}
      <Flex align="center" gap="2" mt="2">
        <Text fontSize="sm">Resultado:</Text>
        <Badge data-testid="layout-tryout-result" colorPalette={color} aria-busy={evaluating || undefined}>
          {evaluating && <Spinner size="xs" />}
          {label}
        </Badge>
      </Flex>
      <Box fontSize="xs" mt="1" hidden={evaluating}>
        <Text color="fg.muted">Decidido por:</Text>
        {trace.deciding.map((key) => {
          const node = nodeAt(tree, key === '' ? [] : key.split('.').map(Number));
          const value = trace.values.get(key);
          return (
            <Text key={key} fontFamily="mono">
              {writeConditionSql(node)} → {value === null || value === undefined ? 'NULL' : String(value)}
            </Text>
          );
        })}
      </Box>
    </Box>
  );
}
