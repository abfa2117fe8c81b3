/** Shapes shared by the api answers and the web client. */
export const APPLICATION_STATUS_CREATED = 'Created';
/** The application's status once the final submission is answered. */
export const APPLICATION_STATUS_SUBMITTED = 'Submitted';

export type StageRecord = {
  applicationId: string;
  pageName: string;
  pageStep: number;
  path: string;
  isPdfSent: boolean;
};

export type RegisterAnswer = {
  destination: string;
  deliveryMedium: 'EMAIL';
  userName: string;
};

/** Shows enough of an email to recognise it without disclosing it: j***@e***.com */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}
