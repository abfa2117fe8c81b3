import { CA_PROVINCES, parseLocaleAmount, US_STATES } from '@portal/libs';
import { numberText } from '../../i18n/number-input';
import type { Language } from '../../i18n/i18n';
import type { BusinessView } from '../../lib/journey/journey-api';
import { apiPhone, shownPhone } from '../../lib/phone';

export type DetailsValues = {
  businessName: string;
  dbaName: string;
  legalEntity: string;
  acceptsCreditCards: string;
  otherBusinessLoans: string;
  hasRealEstate: string;
  federalTaxId: string;
  businessStartDate: string;
  avgDailyBalance: string;
  openLoanBalances: string;
  phoneNumber: string;
  website: string;
  country: string;
  address: string;
  suiteFloor: string;
  city: string;
  state: string;
  zip: string;
  industry: string;
  naics: string;
  numberOfEmployees: string;
  businessDescription: string;
  productsInterestedIn: string[];
};

/** The amounts of the details, typed and shown the applicant's language's way ('450 000,50' in French). */
export const DETAILS_NUMBER_KINDS = { avgDailyBalance: 'money', openLoanBalances: 'money' } as const;

export const regionOptions = (country: string) =>
  Object.entries(country === 'CA' ? CA_PROVINCES : US_STATES).map(([value, label]) => ({ value, label }));

/** The saved business as the form's starting values (some filled from earlier answers, so nothing is asked twice). */
export function detailsFrom(b: BusinessView, lng: Language = 'en'): DetailsValues {
  const a = b.addressData;
  const money = (n: number | undefined | null) => numberText(n, lng, 'money');
  return {
    businessName: b.businessName ?? '',
    dbaName: b.dbaName ?? '',
    legalEntity: b.legalEntity ?? '',
    acceptsCreditCards: b.acceptsCreditCards ?? '',
    otherBusinessLoans: b.otherBusinessLoans ?? '',
    // Stored false is also the default of a business never asked: only Yes is an answer.
    hasRealEstate: b.hasRealEstate ? 'Yes' : '',
    federalTaxId: b.federalTaxId ?? '',
    businessStartDate: b.businessStartDate ?? '',
    avgDailyBalance: money(b.avgDailyBalance),
    openLoanBalances: b.openLoanBalances ? money(b.openLoanBalances) : '',
    // Stored as E.164 (older records: the mask): shown as the input shows it, (514) 555-0100.
    phoneNumber: shownPhone(b.phoneNumber ?? ''),
    website: b.website ?? '',
    country: a?.country || 'US',
    address: a?.address ?? '',
    suiteFloor: a?.suiteFloor ?? '',
    city: a?.city ?? '',
    state: a?.state ?? '',
    zip: a?.zip ?? '',
    industry: b.industry ?? '',
    naics: b.naics ?? '',
    numberOfEmployees: b.numberOfEmployees === undefined ? '' : String(b.numberOfEmployees),
    businessDescription: b.businessDescription ?? '',
    productsInterestedIn: b.productsInterestedIn ?? [],
  };
}

/** A typed amount as the api takes it: a plain number ('' when nothing was typed). */
const amount = (text: string, lng: string) => (text.trim() ? parseLocaleAmount(text, lng) : '');

/** The details as the api's business save takes them; the amounts as numbers, read in `lng`; the phone as E.164. */
export const detailsPayload = (v: DetailsValues, lng: string) => ({
  ...v,
  phoneNumber: apiPhone(v.phoneNumber),
  avgDailyBalance: amount(v.avgDailyBalance, lng),
  openLoanBalances: amount(v.openLoanBalances, lng),
  numberOfEmployees: v.numberOfEmployees ? Number(v.numberOfEmployees) : undefined,
  hasRealEstate: v.hasRealEstate ? v.hasRealEstate === 'Yes' : undefined,
  businessDescription: v.businessDescription.trim() || undefined,
});
