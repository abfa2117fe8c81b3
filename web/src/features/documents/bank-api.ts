import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/http';

/**
 * One fetch of the statements: the months filled and missing, or the bank still preparing, or a login it
 * wants again, or a bank that has no statements to give (the applicant uploads them), or one that shares no
 * account (the applicant reconnects and chooses one in Link).
 */
export type BankFetch =
  | { state: 'done'; filled: string[]; missing: string[] }
  | { state: 'pending' }
  | { state: 'reconnect' }
  | { state: 'noStatements' }
  | { state: 'noAccounts' };
/**
 * reconnect: Plaid said (its ITEM webhook) the bank wants the applicant's login again. notOffered 'country':
 * the business is not in the US, where Plaid's Statements is offered: no bank to connect.
 */
export type BankStatus = {
  available: boolean;
  notOffered?: 'country';
  connected: boolean;
  institution?: string;
  reconnect?: boolean;
};

export const bankApi = {
  status: async (applicationId: string) =>
    (await api.get<{ data: BankStatus }>(`/bank/application/${applicationId}`)).data,
  linkToken: async (applicationId: string) =>
    (await api.post<{ data: { linkToken: string } }>('/bank/link-token', { applicationId })).data.linkToken,
  exchange: async (applicationId: string, publicToken: string) =>
    (await api.post<{ data: { institution?: string } }>('/bank/exchange', { applicationId, publicToken })).data,
  statements: async (applicationId: string) =>
    (await api.post<{ data: BankFetch }>('/bank/statements', { applicationId })).data,
  disconnect: (applicationId: string) => api.post('/bank/disconnect', { applicationId }),
};

/** Whether the bank connection is offered, and the applicant's connection if any. */
export const bankStatusQueryOptions = (applicationId: string) =>
  queryOptions({ queryKey: ['bank', applicationId], queryFn: () => bankApi.status(applicationId) });
