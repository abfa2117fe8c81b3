export { startCrmStandin, type CrmStandin, type CrmStandinOptions } from './crm/server';
