/**
 * The worker's Prometheus metrics, on one endpoint: the Temporal SDK's
 * own (the Runtime's telemetry: task latencies, slots, polls, activity and workflow outcomes) and ours,
 * the activity failures by error code, recorded through the same Runtime's metric meter. One port, one
 * scrape target, and our counter gets the SDK's labels for free (activity_type, task_queue, namespace);
 * prom-client would have needed a second HTTP server and hand-made labels.
 */
import { ApplicationFailure, type Context } from '@temporalio/activity';
import { Runtime, type ActivityInterceptors } from '@temporalio/worker';
import type { MetricCounter, MetricGauge } from '@temporalio/common';
import type { Connection } from 'jsforce';
import { metricsBindAddress, type MetricsPort } from '@portal/libs';
import { RECORD_WRITE_FAILED, type ApplicationActivities } from '@portal/workflows';

/**
 * Installs the Runtime with its Prometheus exporter at METRICS_HOST:METRICS_PORT (loopback by default);
 * must run before the first connection. With 'off' the SDK's default Runtime (no metrics) stays.
 */
export function installRuntimeMetrics(host: string, port: MetricsPort): string | undefined {
  if (port === 'off') return undefined;
  const bindAddress = metricsBindAddress(host, port);
  Runtime.install({ telemetryOptions: { metrics: { prometheus: { bindAddress } } } });
  return bindAddress;
}

/** The refusals the worker throws (errors.ts), by their failure type: one code each. */
const REFUSED: Record<string, string> = {
  CrmRejectedError: 'CRM_REJECTED',
  BoxRejectedError: 'BOX_REJECTED',
  OfferServiceRejectedError: 'OFFER_SERVICE_REJECTED',
  DocumentStoreDeniedError: 'DOCUMENT_STORE_DENIED',
  MailRejectedError: 'MAIL_REJECTED',
  NoSignersError: 'NO_SIGNERS',
};

/**
 * Failures for now that are not the activity's own service's: the CRM or Box answered, and the id it gave
 * could not be kept on the application record (RecordWriteError).
 */
const UNAVAILABLE: Record<string, string> = { [RECORD_WRITE_FAILED]: 'DATABASE_UNAVAILABLE' };

/**
 * The service each activity depends on, for the code of a failure that is not a refusal (X_UNAVAILABLE).
 * Every activity is here: a new one does not compile until it is given its service.
 */
const SERVICE_OF: Record<string, string> = {
  checkCrmAffiliate: 'CRM',
  createCrmLead: 'CRM',
  updateCrmLead: 'CRM',
  convertCrmLead: 'CRM',
  submitSignedApplication: 'CRM',
  uploadContentVersions: 'CRM',
  submitOpportunity: 'CRM',
  prepareSignRequest: 'BOX',
  getSignRequest: 'BOX',
  voidSignRequest: 'BOX',
  sendOfferEmail: 'MAIL',
  sendReminderEmail: 'MAIL',
  calculateOffers: 'OFFER_SERVICE',
  markApplicationEnded: 'DATABASE',
} satisfies Record<keyof ApplicationActivities, 'CRM' | 'BOX' | 'MAIL' | 'OFFER_SERVICE' | 'DATABASE'>;

/**
 * The failure's code, as LastError names them: a refusal's own code (CRM_REJECTED, MAIL_REJECTED …),
 * otherwise the service the activity depends on, unavailable (CRM_UNAVAILABLE, BOX_UNAVAILABLE …), or
 * UNEXPECTED for an activity not in the table. A bounded set, never a message or a value
 * (docs/operations/metrics.md lists them).
 */
export function activityErrorCode(activityType: string, error: unknown): string {
  const type = error instanceof ApplicationFailure ? error.type : (error as Error | undefined)?.name;
  if (type && REFUSED[type]) return REFUSED[type];
  if (type && UNAVAILABLE[type]) return UNAVAILABLE[type];
  const service = SERVICE_OF[activityType];
  return service ? `${service}_UNAVAILABLE` : 'UNEXPECTED';
}

let failures: MetricCounter | undefined;

/**
 * Counts each failed activity attempt (`portal_activity_failures`), labelled as the SDK's own activity
 * metrics are (activity_type, task_queue, namespace) plus error_code: the Runtime's meter itself, since the
 * activity context's meter would add its own camelCase names (activityType, taskQueue) beside them. After a
 * CRM activity, records the org's API usage (below).
 */
export function activityFailureInterceptor(ctx: Context): ActivityInterceptors {
  return {
    inbound: {
      async execute(input, next) {
        try {
          return await next(input);
        } catch (e) {
          failures ??= Runtime.instance().metricMeter.createCounter(
            'portal_activity_failures',
            'failures',
            'Failed activity attempts, by activity type and error code',
          );
          failures.add(1, {
            activity_type: ctx.info.activityType,
            task_queue: ctx.info.taskQueue,
            namespace: ctx.info.activityNamespace,
            error_code: activityErrorCode(ctx.info.activityType, e),
          });
          throw e;
        } finally {
          if (SERVICE_OF[ctx.info.activityType] === 'CRM') recordCrmAllowance();
        }
      },
    },
  };
}

let crmConnection: Connection | undefined;
let crmGauges: { used: MetricGauge; limit: MetricGauge } | undefined;

/**
 * The Salesforce org's API calls of its rolling 24 hours against its allowance (`portal_crm_api_calls_used`,
 * `portal_crm_api_calls_limit`), as the org reported them on the connection's last REST answer
 * (`Sforce-Limit-Info`, read by jsforce into `limitInfo`), recorded after each CRM activity. Past the
 * allowance every call is refused for hours (REQUEST_LIMIT_EXCEEDED, retried: nothing lost, nothing copied);
 * the CrmApiAllowanceNearlySpent alert warns before. Every replica reports the same org's usage.
 */
export function watchCrmAllowance(conn: Connection): void {
  crmConnection = conn;
}

function recordCrmAllowance() {
  const usage = crmConnection?.limitInfo?.apiUsage;
  if (!usage) return;
  const meter = Runtime.instance().metricMeter;
  crmGauges ??= {
    used: meter.createGauge('portal_crm_api_calls_used', 'int', 'calls', "The CRM org's API calls in 24 hours"),
    limit: meter.createGauge('portal_crm_api_calls_limit', 'int', 'calls', "The CRM org's daily API allowance"),
  };
  crmGauges.used.set(usage.used);
  crmGauges.limit.set(usage.limit);
}
