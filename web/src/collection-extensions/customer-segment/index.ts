import { consoleCustomersSegmentsEndpoint } from '@console/shared';
import { callApi } from '../../lib/api';
import { registerCollectionExtension } from '../registry';
import { SEGMENT_TEXTS, SegmentReportPanel } from '../../campaigns/ui';

registerCollectionExtension('customer-segment', {
  actions: [
    {
      id: 'test-segment',
      label: SEGMENT_TEXTS.test,
      async run({ projectId, docId, showPanel }) {
        const report = await callApi(consoleCustomersSegmentsEndpoint, { params: { segment: docId }, project: projectId });
        showPanel('segment-report', report);
      },
    },
  ],
  panels: [{ id: 'segment-report', Component: SegmentReportPanel }],
});
