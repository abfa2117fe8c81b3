// Every external side effect one application left (CRM, e-sign, maildev, S3), counted, and what one journey
// must leave.
import { inject } from 'vitest';
import type { ResilienceStack } from './support';

type Mail = { subject: string; to: { address: string }[] };
export const offerMails = async (maildevUrl: string, email: string) =>
  ((await (await fetch(`${maildevUrl}/api/email`)).json()) as Mail[]).filter(
    (m) => m.to.some((t) => t.address === email) && m.subject.startsWith('Your selected offer'),
  );

/** Objects under the prefix in the test S3 (moto answers unsigned list requests). */
async function s3Keys(prefix: string): Promise<string[]> {
  const res = await fetch(`${inject('s3Endpoint')}/portal-documents?list-type=2&prefix=${encodeURIComponent(prefix)}`);
  return [...(await res.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!);
}

/** S3 keys are `applications/<id>/documents/<fileId>-<name>`, ContentVersion paths `<fileId>/<name>`. */
async function documentObjects(applicationId: string, versions: Record<string, unknown>[]) {
  const keys = await s3Keys(`applications/${applicationId}/documents/`);
  const recorded = new Set(versions.map((v) => String(v.PathOnClient).replace('/', '-')));
  const known = keys.filter((k) => recorded.has(k.split('/').pop()!));
  return { s3Documents: known.length, s3Orphans: keys.length - known.length };
}

export type Counts = {
  leads: number;
  opportunities: number;
  conversions: number;
  signRequests: number;
  signedApplications: number;
  contentVersions: number;
  contentVersionsPerFile: number;
  offerEmails: number;
  /** Document objects in S3 that a File row (and so a ContentVersion) stands for. */
  s3Documents: number;
  /** Document objects in S3 no File row stands for: a put that took effect, its upload then failed. */
  s3Orphans: number;
  s3ApplicationPdfs: number;
};

/** Every external side effect one application left, counted in the stand-ins, maildev and S3. */
export async function countEffects(stack: ResilienceStack, applicationId: string, email: string): Promise<Counts> {
  const leads = stack.crm.records('Lead').filter((l) => l.Portal_Application_Id__c === applicationId);
  const opps = stack.crm.records('Opportunity').filter((o) => o.Portal_Application_Id__c === applicationId);
  const oppIds = new Set(opps.map((o) => o.Id));
  const versions = stack.crm.records('ContentVersion').filter((v) => oppIds.has(v.FirstPublishLocationId));
  const perFile = new Map<string, number>();
  for (const v of versions) perFile.set(String(v.PathOnClient), (perFile.get(String(v.PathOnClient)) ?? 0) + 1);
  const folder = stack.esign.folders().find((f) => f.name === `application-${applicationId}`);
  const submission = stack.esign.folders().find((f) => f.name === 'submission' && f.parentId === folder?.id);
  return {
    leads: leads.length,
    opportunities: opps.length,
    conversions: leads.filter((l) => l.IsConverted).length,
    signRequests: stack.esign.requests().filter((r) => String(r.external_id ?? '').startsWith(`${applicationId}:`))
      .length,
    signedApplications: stack.esign
      .files()
      .filter((f) => f.name === 'signed-application.pdf' && submission && f.parentId === submission.id).length,
    contentVersions: versions.length,
    contentVersionsPerFile: Math.max(0, ...perFile.values()),
    offerEmails: (await offerMails(stack.maildevUrl, email)).length,
    ...(await documentObjects(applicationId, versions)),
    s3ApplicationPdfs: (await s3Keys(`applications/${applicationId}/signature/`)).length,
  };
}
export const EXPECTED: Counts = {
  leads: 1,
  opportunities: 1,
  conversions: 1,
  signRequests: 1,
  signedApplications: 1,
  contentVersions: 3,
  contentVersionsPerFile: 1,
  offerEmails: 1,
  s3Documents: 3,
  s3Orphans: 0,
  s3ApplicationPdfs: 1,
};
