// Box webhook trigger names: the one table the worker registers from, the api's webhook handler reads events
// by, and the e-sign stand-in accepts (refusing any other name, as Box does).
//
// Where the names come from: Box's list of v2 webhook triggers (developer.box.com, guides/webhooks/triggers,
// its 'Sign request' rows) and its Box Sign webhook guide (guides/box-sign/webhooks) both spell the sign
// events SIGN_REQUEST.COMPLETED, .DECLINED, .EXPIRED, .SIGNER_EMAIL_BOUNCED, .SIGNER_SIGNED,
// .SIGNATURE_REQUESTED and .ERROR_FINALIZING (Box's May 2024 release note names the last three). The
// generated SDK enums (box-node-sdk 10.x `WebhookTriggersField`, `CreateWebhookRequestBodyTriggersField`)
// spell three of them otherwise (SIGN_SIGNER_SIGNED, SIGN_DOCUMENT_CREATED, SIGN_ERROR_FINALIZING); the SDK
// sends whatever string it is given (its type is `... | string`), so the documented names are what we send.
// One name Box refuses loses the whole registration: docs/launch-checklist.md has the operator check them
// against a real Box account.

/** The sign request events the portal acts on, by what they mean. */
export const BOX_SIGN_TRIGGERS = {
  completed: 'SIGN_REQUEST.COMPLETED',
  declined: 'SIGN_REQUEST.DECLINED',
  expired: 'SIGN_REQUEST.EXPIRED',
  /** One signer signed and the next one's turn began (a co-owner signing from their own device). */
  signerSigned: 'SIGN_REQUEST.SIGNER_SIGNED',
  /** Box could not merge the signatures into the signed document. */
  errorFinalizing: 'SIGN_REQUEST.ERROR_FINALIZING',
} as const;

export type BoxSignTrigger = (typeof BOX_SIGN_TRIGGERS)[keyof typeof BOX_SIGN_TRIGGERS];

/** What the worker registers on the applications' folder: every sign event the api acts on. */
export const REGISTERED_SIGN_TRIGGERS: readonly BoxSignTrigger[] = Object.values(BOX_SIGN_TRIGGERS);

/** The events that end a sign request (signed, declined, expired, failed): they always wake the workflow. */
export const FINAL_SIGN_TRIGGERS: readonly BoxSignTrigger[] = [
  BOX_SIGN_TRIGGERS.completed,
  BOX_SIGN_TRIGGERS.declined,
  BOX_SIGN_TRIGGERS.expired,
  BOX_SIGN_TRIGGERS.errorFinalizing,
];

/** A name the api acts on when a delivery carries it; any other (another spelling included) is ignored. */
export const isRegisteredSignTrigger = (name: unknown): name is BoxSignTrigger =>
  typeof name === 'string' && (REGISTERED_SIGN_TRIGGERS as readonly string[]).includes(name);

/** Every trigger Box documents for a v2 webhook (the same guide's table): all the stand-in accepts. */
export const BOX_V2_TRIGGERS: readonly string[] = [
  ...['COLLABORATION.CREATED', 'COLLABORATION.ACCEPTED', 'COLLABORATION.REJECTED', 'COLLABORATION.REMOVED'],
  ...['COLLABORATION.UPDATED', 'COMMENT.CREATED', 'COMMENT.UPDATED', 'COMMENT.DELETED'],
  ...['FILE.UPLOADED', 'FILE.PREVIEWED', 'FILE.DOWNLOADED', 'FILE.TRASHED', 'FILE.DELETED', 'FILE.RESTORED'],
  ...['FILE.COPIED', 'FILE.MOVED', 'FILE.LOCKED', 'FILE.UNLOCKED', 'FILE.RENAMED'],
  ...['FOLDER.CREATED', 'FOLDER.RENAMED', 'FOLDER.DOWNLOADED', 'FOLDER.RESTORED', 'FOLDER.DELETED'],
  ...['FOLDER.COPIED', 'FOLDER.MOVED', 'FOLDER.TRASHED'],
  ...['METADATA_INSTANCE.CREATED', 'METADATA_INSTANCE.UPDATED', 'METADATA_INSTANCE.DELETED'],
  ...['SHARED_LINK.DELETED', 'SHARED_LINK.CREATED', 'SHARED_LINK.UPDATED'],
  ...['TASK_ASSIGNMENT.CREATED', 'TASK_ASSIGNMENT.UPDATED', 'WEBHOOK.DELETED'],
  ...REGISTERED_SIGN_TRIGGERS,
  'SIGN_REQUEST.SIGNER_EMAIL_BOUNCED',
  'SIGN_REQUEST.SIGNATURE_REQUESTED',
];
