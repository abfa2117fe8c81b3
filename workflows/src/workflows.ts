// Entry point bundled by the worker: every workflow function, nothing else.
export { applicationWorkflow } from './application/application.workflow';
export { affiliateStatusWorkflow } from './affiliate/affiliate-status.workflow';
export { dataExportWorkflow } from './privacy/data-export.workflow';
export { accountErasureWorkflow } from './erasure/account-erasure.workflow';
export { retentionWorkflow } from './erasure/retention.workflow';
