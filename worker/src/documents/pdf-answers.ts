import {
  amountRequestedOf,
  dateIn,
  formatPhone,
  moneyIn,
  normalizeZip,
  pickListLabel,
  type AddressRecord,
  type ApplicantLanguage,
  type BusinessRecord,
  type PickList,
} from '@portal/libs';
import { pdfLabels, type PdfLabelKey } from './pdf-labels';

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/** One line of an address, its parts as given, the zip in its one written form (a record kept before it was). */
export const addressLine = (a?: Partial<AddressRecord>) =>
  a
    ? [a.address, a.suiteFloor, a.city, a.state, normalizeZip(text(a.zip)), a.country]
        .map(text)
        .filter(Boolean)
        .join(', ')
    : '';

/**
 * The applicant's answers as the application PDF writes them, in their language: pick-list values by
 * their labels in it (the same labels the web shows; English keeps the values), amounts and dates as the
 * language writes them ($219,600.00; 219 600,00 $ in French; dates in words in Spanish, libs'
 * language-table.ts). The record keeps the English values and the form's dates either way.
 */
export function answerWriter(language: ApplicantLanguage) {
  const pick = (list: PickList, v: unknown) => {
    const s = text(v);
    return s ? pickListLabel(list, s, language) : s;
  };
  return {
    money: (v: unknown) => (typeof v === 'number' ? moneyIn(v, language) : ''),
    /** A calendar date (YYYY-MM-DD, as the form takes it). */
    date: (v: unknown) => dateIn(text(v), language),
    pick,
    /** A multi-choice answer (the products), each value by its label. */
    picks: (list: PickList, v: unknown) => (Array.isArray(v) ? v.map((x) => pick(list, x)).join(', ') : pick(list, v)),
  };
}

export type AnswerWriter = ReturnType<typeof answerWriter>;

/**
 * The trade name the applicant gave, or '' when DBA was left blank. The api stores the legal name in its
 * place then (the CRM's DBA field 'falls back to business name'), so a DBA equal to the
 * legal name is that fallback, not an answer; had the applicant typed it, it would add nothing either.
 */
const tradeName = (b: { dbaName?: string; businessName?: string }) => {
  const dba = text(b.dbaName);
  return dba.toLocaleLowerCase() === text(b.businessName).toLocaleLowerCase() ? '' : dba;
};

/**
 * The business section of the application PDF: what the applicant answered and nothing else, since
 * the applicant signs it as their own statement. A question left unanswered is no row at all: no
 * 'Has real estate: No' for a question never put (the record's null means 'treated as false' for the
 * CRM, not an answer), no trade name copied from the legal name when DBA was left blank (see tradeName).
 * The industry's code is named the applicant's way: NAICS in English, SCIAN in French and Spanish (as
 * the web form says). Each row names its label by key (pdf-labels.ts); the renderer writes it in the applicant's language.
 */
export function businessRows(
  b: Partial<BusinessRecord<unknown>>,
  opts: { say: AnswerWriter; taxId: string; language: ApplicantLanguage },
): [PdfLabelKey, string][] {
  const { say } = opts;
  const label = pdfLabels(opts.language);
  const industry = say.pick('industries', b.industry);
  const naics = text(b.naics);
  const rows: [PdfLabelKey, string][] = [
    ['legalBusinessName', text(b.businessName)],
    ['dba', tradeName(b)],
    ['legalEntity', say.pick('legalEntities', b.legalEntity)],
    [b.addressData?.country === 'CA' ? 'businessNumber' : 'ein', text(opts.taxId)],
    ['businessStartDate', say.date(b.businessStartDate)],
    ['industry', [industry, naics ? `(${label.industryCode} ${naics})` : ''].filter(Boolean).join(' ')],
    ['businessDescription', text(b.businessDescription)],
    ['numberOfEmployees', text(b.numberOfEmployees)],
    ['amountRequested', say.money(amountRequestedOf(b))],
    ['annualRevenue', say.money(b.annualRevenue)],
    ['useOfProceeds', say.pick('useOfProceeds', b.useOfProceeds)],
    ['productsInterestedIn', say.picks('products', b.productsInterestedIn)],
    ['acceptsCreditCards', say.pick('yesNo', b.acceptsCreditCards)],
    ['hasRealEstate', say.pick('yesNo', b.hasRealEstate === true ? 'Yes' : b.hasRealEstate === false ? 'No' : '')],
    ['openBusinessLoans', say.pick('yesNo', b.otherBusinessLoans)],
    ['averageDailyBalance', say.money(b.avgDailyBalance)],
    // Stored as E.164 (older records: the form's mask): shown (514) 555-0100 either way.
    ['businessPhone', formatPhone(text(b.phoneNumber))],
    ['website', text(b.website)],
    ['businessAddress', addressLine(b.addressData)],
  ];
  return rows.filter(([, value]) => value !== '');
}
