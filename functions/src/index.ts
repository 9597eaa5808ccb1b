export { api } from './api.js';
export { syncTask } from './triggers/sync-task.js';
export { productDataChangelog } from './triggers/product-data-changelog.js';
export { campaignSendTask } from './triggers/campaign-send-task.js';
export { conditionSql } from './triggers/condition-sql.js';
export { sendgridEventBatch } from './triggers/sendgrid-event-batch.js';
