export { startCrmStandin, type CrmStandin, type CrmStandinOptions } from './crm/server';
export { startEsignStandin, type EsignStandin, type EsignStandinOptions } from './esign/server';
export { startOfferStandin, type OfferStandin } from './offers/server';
export { startPlaidStandin, type PlaidStandin, SANDBOX_CREDENTIALS } from './plaid/server';
