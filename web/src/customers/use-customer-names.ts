import { useEffect, useState } from 'react';
import { documentId, getDocs, query, where } from 'firebase/firestore';
import { projectCollection } from '../lib/firestore-paths';
import { CUSTOMER_COLLECTION } from './constants';
import { customerName } from './customer-name';

/** Firestore's limit on the values of one 'in' filter. */
const IDS_PER_QUERY = 30;

/**
 * The names of these customers of a project, read once (a list that names its entries by
 * customer; names seldom change while it is open): id → name. Ids not found are left out.
 */
export function useCustomerNames(projectId: string, customerIds: readonly string[]): ReadonlyMap<string, string> {
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const key = [...new Set(customerIds)].sort().join('\n');

  useEffect(() => {
    const ids = key ? key.split('\n') : [];
    if (ids.length === 0) return undefined;
    let active = true;
    const chunks = Array.from({ length: Math.ceil(ids.length / IDS_PER_QUERY) }, (_, i) => ids.slice(i * IDS_PER_QUERY, (i + 1) * IDS_PER_QUERY));
    Promise.all(chunks.map((chunk) => getDocs(query(projectCollection(projectId, CUSTOMER_COLLECTION), where(documentId(), 'in', chunk))))).then(
      (snapshots) => {
        if (!active) return;
        const found = new Map<string, string>();
        for (const snapshot of snapshots)
          for (const d of snapshot.docs) {
            const name = customerName(d.data());
            if (name) found.set(d.id, name);
          }
        setNames(found);
      },
      // Without the names the entries keep their labels (the customer ids).
      (error) => console.error('Falha ao ler os nomes dos clientes', error),
    );
    return () => {
      active = false;
    };
  }, [projectId, key]);

  return names;
}
