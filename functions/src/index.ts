export { api } from './api.js';
export { syncTask } from './sync/sync-task.js';
export { productDataChangelog } from './products/product-data-changelog.js';
export { campaignSendTask } from './campaigns/campaign-send-task.js';
export { conditionSql } from './conditions/condition-sql.js';
export { sendgridEventBatch } from './campaigns/sendgrid-event-batch.js';
