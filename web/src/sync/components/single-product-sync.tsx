import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { companyFromProductCode } from '@console/shared';
import { documentPath } from '../../app/paths';
import { toaster } from '../../app/toaster';
import { ApiRequestError, callWorkerUrl } from '../../lib/api';
import {
  BLING_SYNC_LABELS,
  importManufacturerProduct,
  MANUFACTURER_IMPORT_LABELS,
  parseCompany,
  SINGLE_PRODUCT_TEXTS,
  syncBlingProduct,
} from '../single-product';
import type { TaskContext } from '../tasks';

const PRODUCT_COLLECTION = 'product';

interface SingleProductSyncProps {
  projectId: string;
  /** The product's code (its document id); null on the new-product form. */
  code: string | null;
  /** The stored product, for its Company. */
  data?: Record<string, unknown> | null;
}

type Flow = 'bling' | 'manufacturer';

const get = (url: string) => callWorkerUrl(url);
const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/**
 * Screen 2 of document 1: 'Sincronizar Bling' and 'Importar Produto Tramontina' / 'Sincronizar
 * TStock' on the product document. Each button's label follows its flow's steps; when the flow
 * ends the console goes (client-side) to /console/product/{code}. Shown in the document header.
 */
export function SingleProductSync({ projectId, code, data }: SingleProductSyncProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [running, setRunning] = useState<{ flow: Flow; label: string } | null>(null);
  const context: TaskContext = { project: projectId, marketplaces: null };

  async function run(flow: Flow, productCode: string, steps: (onStep: (label: string) => void) => Promise<void>) {
    setRunning({ flow, label: '' });
    try {
      await steps((label) => setRunning({ flow, label }));
      const target = documentPath(PRODUCT_COLLECTION, productCode);
      navigate(target, { replace: location.pathname === target });
    } catch (error) {
      console.error(error);
      toaster.create({ type: 'error', title: (error as Error).message });
    } finally {
      setRunning(null);
    }
  }

  function syncBling() {
    if (!code) return;
    void run('bling', code, (onStep) => syncBlingProduct(code, context, { get, onStep }));
  }

  function importFromManufacturer() {
    const storedCompany = data?.Company;
    const suggested = storedCompany != null && storedCompany !== '' ? String(storedCompany) : code ? String(companyFromProductCode(code) ?? '') : '';
    const companyAnswer = window.prompt(SINGLE_PRODUCT_TEXTS.companyPrompt, suggested);
    if (companyAnswer === null) return;
    const company = parseCompany(companyAnswer);
    if ('problem' in company) return window.alert(company.problem);
    const codeAnswer = window.prompt(SINGLE_PRODUCT_TEXTS.codePrompt, code ?? '');
    if (codeAnswer === null) return;
    const productCode = codeAnswer.trim();
    if (!productCode) return window.alert(SINGLE_PRODUCT_TEXTS.codeRequired);
    void run('manufacturer', productCode, (onStep) =>
      importManufacturerProduct({ code: productCode, company: company.company }, context, { get, onStep, isNotFound }),
    );
  }

  const busy = running !== null;
  return (
    <>
      {code && (
        <Button
          size="sm"
          variant="outline"
          data-testid="sync-bling"
          disabled={busy}
          loading={running?.flow === 'bling'}
          loadingText={running?.label}
          onClick={syncBling}
        >
          {BLING_SYNC_LABELS.idle}
        </Button>
      )}
      <Button
        size="sm"
        variant="outline"
        data-testid="sync-manufacturer"
        disabled={busy}
        loading={running?.flow === 'manufacturer'}
        loadingText={running?.label}
        onClick={importFromManufacturer}
      >
        {code ? MANUFACTURER_IMPORT_LABELS.idleSync : MANUFACTURER_IMPORT_LABELS.idleImport}
      </Button>
    </>
  );
}
