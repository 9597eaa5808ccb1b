import { useEffect, useState } from 'react';
import { onSnapshot } from 'firebase/firestore';
import { projectDocument } from '../lib/firestore-paths';
import { CUSTOMER_COLLECTION } from './constants';

export type CustomerState = { status: 'loading' } | { status: 'error' } | { status: 'missing' } | { status: 'ready'; data: Record<string, unknown> };

/** The customer document project/{projectId}/customer/{customerId}, live. */
export function useCustomer(projectId: string, customerId: string): CustomerState {
  const [state, setState] = useState<CustomerState>({ status: 'loading' });
  useEffect(() => {
    setState({ status: 'loading' });
    return onSnapshot(
      projectDocument(projectId, CUSTOMER_COLLECTION, customerId),
      (snapshot) => setState(snapshot.exists() ? { status: 'ready', data: snapshot.data() } : { status: 'missing' }),
      () => setState({ status: 'error' }),
    );
  }, [projectId, customerId]);
  return state;
}
