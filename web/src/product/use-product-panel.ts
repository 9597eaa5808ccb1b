import { useEffect, useMemo, useState } from 'react';
import { deleteField, limit, onSnapshot, orderBy, query, serverTimestamp, setDoc, where } from 'firebase/firestore';
import { OVERRIDES_KEY, PRODUCT_TEXT_COLLECTION, upstreamToRecord } from '@console/shared';
import { changeLine, nestedPatch, productView, type ChangeLine, type ProductDoc } from './panel';
import { projectCollection, projectDocument } from '../lib/firestore-paths';
import { HISTORY_LIMIT } from './constants';

export const PRODUCT_COLLECTION = 'product';
export const PRODUCT_DATA_COLLECTION = 'product-data';
export const CHANGELOG_COLLECTION = 'product-data-changelog';

export type PanelProduct =
  | { status: 'loading' }
  | { status: 'error' }
  /** `productData`: product-data/{code} alone (the synced values, the overrides and their upstream values). */
  | { status: 'ready'; product: ProductDoc | null; productData: ProductDoc | null };

/** product/{code} and product-data/{code}, realtime, merged as the panel reads them. */
export function useProductView(projectId: string, code: string): PanelProduct {
  const [parts, setParts] = useState<{ product?: ProductDoc | null; data?: ProductDoc | null; error?: boolean }>({});

  useEffect(() => {
    setParts({});
    const fail = () => setParts((p) => ({ ...p, error: true }));
    const stopProduct = onSnapshot(
      projectDocument(projectId, PRODUCT_COLLECTION, code),
      (s) => setParts((p) => ({ ...p, product: s.exists() ? s.data() : null })),
      fail,
    );
    const stopData = onSnapshot(
      projectDocument(projectId, PRODUCT_DATA_COLLECTION, code),
      (s) => setParts((p) => ({ ...p, data: s.exists() ? s.data() : null })),
      fail,
    );
    return () => {
      stopProduct();
      stopData();
    };
  }, [projectId, code]);

  return useMemo(() => {
    if (parts.error) return { status: 'error' };
    if (parts.product === undefined || parts.data === undefined) return { status: 'loading' };
    return { status: 'ready', product: productView(parts.product, parts.data, code), productData: parts.data };
  }, [parts, code]);
}

export type PanelTexts = { status: 'loading' } | { status: 'error' } | { status: 'ready'; texts: ProductDoc | null };

/** The AI-written texts of the product (product-text/{code}, written by the functions), realtime. */
export function useProductTexts(projectId: string, code: string): PanelTexts {
  const [texts, setTexts] = useState<PanelTexts>({ status: 'loading' });
  useEffect(() => {
    setTexts({ status: 'loading' });
    return onSnapshot(
      projectDocument(projectId, PRODUCT_TEXT_COLLECTION, code),
      (s) => setTexts({ status: 'ready', texts: s.exists() ? s.data() : null }),
      (error) => {
        console.error(error);
        setTexts({ status: 'error' });
      },
    );
  }, [projectId, code]);
  return texts;
}

export type PanelHistory = { status: 'loading' } | { status: 'error' } | { status: 'ready'; lines: ChangeLine[] };

/** The product's last changelog entries, newest first, realtime (the trigger appends them). */
export function useChangeHistory(projectId: string, code: string): PanelHistory {
  const [history, setHistory] = useState<PanelHistory>({ status: 'loading' });
  useEffect(() => {
    setHistory({ status: 'loading' });
    const entries = query(
      projectCollection(projectId, CHANGELOG_COLLECTION),
      where('ProductCode', '==', code),
      orderBy('createdAt', 'desc'),
      limit(HISTORY_LIMIT),
    );
    // Estimates: an entry just written shows its createdAt before the server confirms it.
    return onSnapshot(
      entries,
      (s) => setHistory({ status: 'ready', lines: s.docs.map((d) => changeLine(d.id, d.data({ serverTimestamps: 'estimate' }))) }),
      (error) => {
        console.error(error);
        setHistory({ status: 'error' });
      },
    );
  }, [projectId, code]);
  return history;
}

export interface Override {
  field: string;
  value: unknown;
  about: string;
  /** The signed-in user's uid: the rules accept only the writer's own. */
  by: string;
}

/**
 * One override: a merge-write of product-data/{code} with the value, its `_override` mark and its
 * entry in `_overrides` (the record the sync honours, with the upstream value it replaced); the
 * trigger turns the mark into the changelog entry (clients may not write entries themselves).
 */
export function writeOverride(projectId: string, code: string, productData: ProductDoc | null, { field, value, about, by }: Override): Promise<void> {
  return setDoc(
    projectDocument(projectId, PRODUCT_DATA_COLLECTION, code),
    {
      ...nestedPatch(field, value),
      updatedAt: serverTimestamp(),
      // `removed: false` said, not left out: the merge would keep a stored removal's `true`, and the
      // changelog would log this override as 'Alteração removida'.
      _override: { field, about, by, at: serverTimestamp(), removed: false },
      [OVERRIDES_KEY]: { [field]: { about, by, at: serverTimestamp(), ...upstreamToRecord(productData, field) } },
    },
    { merge: true },
  );
}

/**
 * Removing an override (with a reason, logged like an override): the field goes back to the
 * upstream value recorded beside it (or to no synced value, when none is known), and the sync
 * takes care of it again.
 */
export function removeOverride(
  projectId: string,
  code: string,
  upstream: { upstream: unknown } | null,
  { field, about, by }: Omit<Override, 'value'>,
): Promise<void> {
  return setDoc(
    projectDocument(projectId, PRODUCT_DATA_COLLECTION, code),
    {
      ...nestedPatch(field, upstream ? upstream.upstream : deleteField()),
      updatedAt: serverTimestamp(),
      _override: { field, about, by, at: serverTimestamp(), removed: true },
      [OVERRIDES_KEY]: { [field]: deleteField() },
    },
    { merge: true },
  );
}
