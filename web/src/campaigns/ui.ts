// The campaign panels the collection extensions show beside a campaign or a segment, and their texts.
export { CampaignReportPanel } from './email/report-panel';
export { EmailSendProgressPanel } from './email/send-progress-panel';
export { CAMPAIGN_TEXTS } from './email/texts';
export { WhatsappSendPanel } from './whatsapp/whatsapp-send-panel';
export { SEGMENT_TEXTS, SegmentReportPanel } from './segments/segment-report-panel';
