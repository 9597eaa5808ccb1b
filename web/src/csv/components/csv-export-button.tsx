import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import type { CollectionDefinition } from '@console/shared';
import { exportColumns, exportFileName, recordsToCsv } from '../csv-export';
import { toaster } from '../../app/toaster';
import { readWholeCollection } from '../csv-firestore';
import { downloadCsv } from '../csv-download';
import { CSV_BUTTON_TEXTS } from '../texts';
import { CSV_UI_TEXTS } from '../ui-texts';

/** 'Export CSV': the whole collection (not just the listed page), with the count read so far. */
export function CsvExportButton({ projectId, definition }: { projectId: string; definition: CollectionDefinition }) {
  const [read, setRead] = useState<number | null>(null);

  async function exportCollection() {
    setRead(0);
    try {
      const records = await readWholeCollection(projectId, definition.id, setRead);
      const csv = recordsToCsv(exportColumns(definition.fields, records), records);
      downloadCsv(exportFileName(definition.id, new Date()), csv);
    } catch (error) {
      toaster.create({ type: 'error', title: CSV_UI_TEXTS.exportFailed, description: error instanceof Error ? error.message : undefined });
    } finally {
      setRead(null);
    }
  }

  return (
    <Button size="xs" variant="outline" onClick={exportCollection} loading={read !== null} loadingText={CSV_UI_TEXTS.exporting(read ?? 0)}>
      {CSV_BUTTON_TEXTS.exportCsv}
    </Button>
  );
}
