import { CloseButton, Drawer, Portal, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { getDocs, limit, query, where } from 'firebase/firestore';
import { customerDisplayNumber } from '@console/shared';
import { useCurrentProject } from '../app/project-context';
import { projectCollection } from '../lib/firestore-paths';
import { CustomerDataList } from './components/customer-drawer';
import { CUSTOMER_EMAIL_PARAM, withoutCustomerEmail } from './customer-email-link';

type Found = { status: 'loading' } | { status: 'error' } | { status: 'missing' } | { status: 'ready'; id: string; data: Record<string, unknown> };

/** The customer of `email` (as stored, else lower-cased). */
function useCustomerByEmail(projectId: string, email: string | null): Found {
  const [found, setFound] = useState<Found>({ status: 'loading' });
  useEffect(() => {
    if (!email) return;
    let live = true;
    setFound({ status: 'loading' });
    const customers = projectCollection(projectId, 'customer');
    (async () => {
      for (const candidate of [...new Set([email, email.toLowerCase()])]) {
        const snap = await getDocs(query(customers, where('email', '==', candidate), limit(1)));
        const doc = snap.docs[0];
        if (doc) return { status: 'ready' as const, id: doc.id, data: doc.data() };
      }
      return { status: 'missing' as const };
    })().then(
      (result) => live && setFound(result),
      () => live && setFound({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [projectId, email]);
  return found;
}

/**
 * Opens the customer named by ?customerEmail= over any console screen (segment and campaign
 * reports link e-mails this way, document 2 §2). Closing removes the parameter.
 */
export function CustomerEmailDrawer() {
  const project = useCurrentProject();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const email = params.get(CUSTOMER_EMAIL_PARAM);
  const found = useCustomerByEmail(project.id, email);
  return (
    <Drawer.Root open={email !== null} onOpenChange={(e) => !e.open && navigate(withoutCustomerEmail(pathname, search))} size="sm">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="customer-email-drawer">
            <Drawer.Header>
              <Drawer.Title>{found.status === 'ready' ? `Cliente #${customerDisplayNumber(found.id)}` : 'Cliente'}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Text fontSize="xs" color="fg.muted" mb="4">
                {found.status === 'ready' ? `${project.id}/customer/${found.id}` : email}
              </Text>
              {found.status === 'loading' && <Spinner size="sm" aria-label="Carregando" />}
              {found.status === 'error' && <Text role="alert">Failed to load entries.</Text>}
              {found.status === 'missing' && <Text>Nenhum cliente com este e-mail nesta loja.</Text>}
              {found.status === 'ready' && <CustomerDataList data={found.data} />}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fechar" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
