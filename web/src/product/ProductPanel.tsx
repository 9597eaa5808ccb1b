import { Box, Flex, Heading, SimpleGrid, Stack, Switch, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  installmentsPrice,
  isGuardedPriceField,
  margin,
  overriddenFields,
  packagePriceRows,
  purchasePrice,
  staleOverride,
  upstreamDifference,
} from '@console/shared';
import { HeldPriceList } from '../price-review/HeldPriceList';
import { StaleOverrideActions } from '../price-review/StaleOverrideActions';
import { asDate, errorText, staleSentence } from '../price-review/review';
import { changePrice } from '../price-review/use-price-review';
import { useAuth } from '../app/auth-context';
import { toaster } from '../app/toaster';
import { formatMoney, formatNumber } from '../lib/format';
import { parseOverrideValue, promptDefault, valueAt, type ProductDoc } from './panel';
import { ChangeHistory } from './components/change-history';
import { EyeOnly } from './components/eye-only';
import { ProductTexts } from './components/product-texts';
import { displayValue, FieldRow, OverrideNote, PanelSection, type OverrideState } from './components/panel-parts';
import { FIELD_FORMATS, INFO_FIELDS, OPTION_TOGGLES, PANEL_TEXTS, PRICE_FIELDS, READ_ONLY_FLAGS, type PanelField } from './constants';
import { removeOverride, useChangeHistory, useProductTexts, useProductView, writeOverride } from './use-product-panel';
import { ReadinessChecklist, useStoreChannels } from '../readiness/ui';

interface ProductPanelProps {
  projectId: string;
  productCode: string;
}

/**
 * The product information panel (document 1 §2 screen 3) on /console/product/{code}, for the
 * viewers the eyeOnly wrapper permits: information, stock, options, prices, cost and margin, with
 * reasoned overrides and their history, and the AI-written texts (read-only).
 */
export function ProductPanel({ projectId, productCode }: ProductPanelProps) {
  return (
    <EyeOnly projectId={projectId}>
      <ProductPanelContent projectId={projectId} productCode={productCode} />
    </EyeOnly>
  );
}

/** The reason prompt (§5): cancelled or blank aborts with 'Alteração cancelada'. */
function askReason(label: string): string | null {
  const about = window.prompt(PANEL_TEXTS.reasonPrompt(label));
  if (about === null || about.trim() === '') {
    window.alert(PANEL_TEXTS.cancelled);
    return null;
  }
  return about.trim();
}

function ProductPanelContent({ projectId, productCode }: ProductPanelProps) {
  const { user } = useAuth();
  const view = useProductView(projectId, productCode);
  const history = useChangeHistory(projectId, productCode);
  const texts = useProductTexts(projectId, productCode);
  const channels = useStoreChannels(projectId);
  const [busy, setBusy] = useState<string | null>(null);
  // Bumped when a toggle is cancelled: remounting puts the switches back to the stored values.
  const [toggleRevision, setToggleRevision] = useState(0);

  async function save(field: string, value: unknown, about: string, removing = false) {
    if (!user || view.status !== 'ready') return;
    setBusy(field);
    try {
      if (removing) {
        const entry = overriddenFields(view.productData).get(field);
        const upstream = entry && 'upstream' in entry && entry.upstream !== undefined ? { upstream: entry.upstream } : null;
        await removeOverride(projectId, productCode, upstream, { field, about, by: user.uid });
      } else {
        await writeOverride(projectId, productCode, view.productData, { field, value, about, by: user.uid });
      }
      toaster.create({ type: 'success', title: removing ? PANEL_TEXTS.removed : PANEL_TEXTS.saved });
    } catch (error) {
      console.error(error);
      setToggleRevision((r) => r + 1);
      toaster.create({ type: 'error', title: PANEL_TEXTS.saveFailed });
    } finally {
      setBusy(null);
    }
  }

  function overrideField(field: PanelField, current: unknown) {
    const answer = window.prompt(PANEL_TEXTS.valuePrompt(field.label), promptDefault(current));
    if (answer === null) return;
    const parsed = parseOverrideValue(answer, field.override ?? 'text');
    if (!parsed.ok) return window.alert(PANEL_TEXTS.invalidNumber(answer));
    const about = askReason(field.label);
    if (about === null) return;
    if (isGuardedPriceField(field.field)) void savePrice(field.field, typeof parsed.value === 'number' ? parsed.value : null, about);
    else void save(field.field, parsed.value, about);
  }

  /** A selling price goes through the server, which checks the store's guardrails and may hold it (issue 29 point 3). */
  async function savePrice(field: string, value: number | null, about: string) {
    setBusy(field);
    try {
      const answer = await changePrice(projectId, { code: productCode, field: field as 'Price', value, about, source: 'manual', target: 'product-data' });
      if (answer.status === 'held') toaster.create({ type: 'warning', title: PANEL_TEXTS.priceHeld, description: answer.message });
      else toaster.create({ type: 'success', title: PANEL_TEXTS.saved });
    } catch (error) {
      toaster.create({ type: 'error', title: PANEL_TEXTS.saveFailed, description: errorText(error) });
    } finally {
      setBusy(null);
    }
  }

  /** Removing an override asks for its reason too ('Alteração cancelada' when none is given). */
  function removeFieldOverride(field: string, label: string) {
    const about = window.prompt(PANEL_TEXTS.removeReasonPrompt(label));
    if (about === null || about.trim() === '') return window.alert(PANEL_TEXTS.cancelled);
    void save(field, undefined, about.trim(), true);
  }

  function overrideState(field: string, label: string): OverrideState | undefined {
    if (!overridden.has(field)) return undefined;
    const stale = staleOverride(view.status === 'ready' ? view.productData : null, field);
    const format = FIELD_FORMATS[field] ?? 'text';
    return {
      upstreamDiffers: upstreamDifference(view.status === 'ready' ? view.product : null, field),
      stale: stale && {
        sentence: staleSentence(stale.from, stale.to, asDate(stale.at), (value) => displayValue(value, format)),
        actions: <StaleOverrideActions projectId={projectId} code={productCode} field={field} />,
      },
      onRemove: () => removeFieldOverride(field, label),
    };
  }

  function overrideToggle(field: string, label: string, checked: boolean) {
    const about = askReason(label);
    if (about === null) setToggleRevision((r) => r + 1);
    else void save(field, checked, about);
  }

  if (view.status === 'loading')
    return (
      <Text color="fg.muted" fontSize="sm">
        {PANEL_TEXTS.loading}
      </Text>
    );
  if (view.status === 'error') return <Text role="alert">{PANEL_TEXTS.loadFailed}</Text>;
  const product = view.product;
  if (!product) return <Text color="fg.muted">{PANEL_TEXTS.notFound}</Text>;
  const overridden = overriddenFields(view.productData);

  const rows = (fields: PanelField[]) =>
    fields.map((field) => {
      const value = valueAt(product, field.field);
      const note = field.field === 'PriceInstallments' && (value === null || value === undefined || value === '') ? PANEL_TEXTS.blankMeansPrice : undefined;
      return (
        <FieldRow
          key={field.field}
          field={field}
          value={value}
          note={note}
          busy={busy !== null}
          onOverride={field.override ? () => overrideField(field, value) : undefined}
          override={overrideState(field.field, field.label)}
        />
      );
    });

  return (
    // data-readiness-skip: a checklist link focuses the form's field, never the panel's row of the same name.
    <Stack gap="4" mb="6" data-testid="product-panel" data-readiness-skip="">
      <Heading as="h2" size="md">
        {PANEL_TEXTS.title}
      </Heading>
      <ReadinessChecklist stored={product.readiness} channels={channels} />
      <PanelSection title={PANEL_TEXTS.sections.info}>{rows(INFO_FIELDS)}</PanelSection>
      <PanelSection title={PANEL_TEXTS.sections.stock}>
        <StockTable stock={product.Stock} />
      </PanelSection>
      <PanelSection title={PANEL_TEXTS.sections.settings}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
          {OPTION_TOGGLES.map(({ field, label }) => {
            const override = overrideState(field, label);
            return (
              <Stack key={`${field}:${toggleRevision}`} gap="0">
                <Switch.Root
                  size="sm"
                  checked={valueAt(product, field) === true}
                  disabled={busy !== null}
                  onCheckedChange={(details) => overrideToggle(field, label, details.checked)}
                >
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label>{label}</Switch.Label>
                </Switch.Root>
                {override && <OverrideNote label={label} format="text" state={override} busy={busy !== null} testId={`override-${field}`} />}
              </Stack>
            );
          })}
          {READ_ONLY_FLAGS.map(({ field, label, on }) => (
            <Switch.Root key={field} size="sm" checked={on(product[field])} readOnly>
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>
                {label}{' '}
                <Text as="span" color="fg.subtle">
                  ({displayValue(product[field])})
                </Text>
              </Switch.Label>
            </Switch.Root>
          ))}
        </SimpleGrid>
      </PanelSection>
      <PanelSection title={PANEL_TEXTS.sections.prices}>
        {rows(PRICE_FIELDS)}
        <PackagePrices byQty={product.PriceNetByQty} />
      </PanelSection>
      <PanelSection title={PANEL_TEXTS.sections.heldPrices}>
        <HeldPriceList projectId={projectId} productCode={productCode} />
      </PanelSection>
      <PanelSection title={PANEL_TEXTS.sections.costMargin}>
        <CostMargin product={product} />
      </PanelSection>
      <PanelSection title={PANEL_TEXTS.sections.texts}>
        <ProductTexts texts={texts} />
      </PanelSection>
      <PanelSection title={PANEL_TEXTS.sections.history}>
        <ChangeHistory history={history} />
      </PanelSection>
    </Stack>
  );
}

function StockTable({ stock }: { stock: unknown }) {
  const entries =
    typeof stock === 'object' && stock !== null ? Object.entries(stock as Record<string, { qty?: unknown }>).sort(([a], [b]) => a.localeCompare(b)) : [];
  if (entries.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        {PANEL_TEXTS.noStock}
      </Text>
    );
  const total = entries.reduce((sum, [, e]) => sum + (typeof e?.qty === 'number' ? e.qty : 0), 0);
  return (
    <Table.Root size="sm" aria-label={PANEL_TEXTS.sections.stock}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{PANEL_TEXTS.warehouse}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{PANEL_TEXTS.quantity}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {entries.map(([warehouse, entry]) => (
          <Table.Row key={warehouse}>
            <Table.Cell>{warehouse}</Table.Cell>
            <Table.Cell textAlign="end">{displayValue(entry?.qty, 'number')}</Table.Cell>
          </Table.Row>
        ))}
        <Table.Row fontWeight="semibold">
          <Table.Cell>{PANEL_TEXTS.total}</Table.Cell>
          <Table.Cell textAlign="end">{formatNumber(total)}</Table.Cell>
        </Table.Row>
      </Table.Body>
    </Table.Root>
  );
}

function PackagePrices({ byQty }: { byQty: unknown }) {
  const rows = packagePriceRows(byQty);
  if (rows.length === 0) return null;
  return (
    <Box mt="3">
      <Text fontSize="sm" fontWeight="semibold" mb="1">
        {PANEL_TEXTS.packagesTitle}
      </Text>
      <Table.Root size="sm" aria-label={PANEL_TEXTS.packagesTitle}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{PANEL_TEXTS.packageSize}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{PANEL_TEXTS.packagePrice}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{PANEL_TEXTS.unitPrice}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.key}>
              <Table.Cell>{row.qty ?? row.key}</Table.Cell>
              <Table.Cell textAlign="end">{formatMoney(row.priceNet) || PANEL_TEXTS.empty}</Table.Cell>
              <Table.Cell textAlign="end">{formatMoney(row.unitPrice) || PANEL_TEXTS.empty}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function CostMargin({ product }: { product: ProductDoc }) {
  const purchase = purchasePrice(product);
  const source = purchase === null ? null : purchase === product.PriceNetErp ? PANEL_TEXTS.purchaseFromErp : PANEL_TEXTS.purchaseFromManufacturer;
  const value = margin(product.Price, purchase);
  const installments = installmentsPrice(product);
  return (
    <Stack gap="1" fontSize="sm">
      <Flex gap="3">
        <Text flex="0 0 13rem" color="fg.muted">
          {PANEL_TEXTS.purchasePrice}
        </Text>
        <Text data-testid="purchase-price">
          {formatMoney(purchase) || PANEL_TEXTS.empty}{' '}
          {source && (
            <Text as="span" color="fg.subtle">
              ({source})
            </Text>
          )}
        </Text>
      </Flex>
      <Flex gap="3">
        <Text flex="0 0 13rem" color="fg.muted">
          {PANEL_TEXTS.margin}
        </Text>
        <Text data-testid="margin">{value === null ? PANEL_TEXTS.empty : formatNumber(value)}</Text>
      </Flex>
      <Flex gap="3">
        <Text flex="0 0 13rem" color="fg.muted">
          {PRICE_FIELDS[2]!.label}
        </Text>
        <Text data-testid="installments-price">{formatMoney(installments) || PANEL_TEXTS.empty}</Text>
      </Flex>
    </Stack>
  );
}
