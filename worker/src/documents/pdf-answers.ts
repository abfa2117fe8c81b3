import {
  amountRequestedOf,
  formatMoney,
  frenchLabel,
  type AddressRecord,
  type BusinessRecord,
  type PickList,
} from '@portal/libs';

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/** One line of an address, its parts as given. */
export const addressLine = (a?: Partial<AddressRecord>) =>
  a ? [a.address, a.suiteFloor, a.city, a.state, a.zip, a.country].map(text).filter(Boolean).join(', ') : '';

/**
 * The applicant's answers as the application PDF writes them, in their language (issue 16): for
 * 'fr-CA', pick-list values by their French labels (the same labels the web shows) and amounts the
 * French way (219 600,00 $); otherwise as recorded, amounts $219,600.00. The record keeps the English
 * values either way. The PDF's standard fonts are WinAnsi, which has no narrow no-break space (Intl's
 * French digit group separator), so a plain no-break space stands in for it.
 */
export function answerWriter(language?: string) {
  const fr = language === 'fr-CA';
  const frMoney = new Intl.NumberFormat('fr-CA', {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
  });
  const pick = (list: PickList, v: unknown) => {
    const s = text(v);
    return fr && s ? frenchLabel(list, s) : s;
  };
  return {
    money: (v: unknown) => {
      if (typeof v !== 'number') return '';
      return fr ? frMoney.format(v).replace(/\u202f/g, '\u00a0') : formatMoney(v);
    },
    pick,
    /** A multi-choice answer (the products), each value by its label. */
    picks: (list: PickList, v: unknown) => (Array.isArray(v) ? v.map((x) => pick(list, x)).join(', ') : pick(list, v)),
  };
}

export type AnswerWriter = ReturnType<typeof answerWriter>;

/**
 * The trade name the applicant gave, or '' when DBA was left blank. The api stores the legal name in its
 * place then (section 2: 'falls back to business name', for the CRM's DBA field), so a DBA equal to the
 * legal name is that fallback, not an answer; had the applicant typed it, it would add nothing either.
 */
const tradeName = (b: { dbaName?: string; businessName?: string }) => {
  const dba = text(b.dbaName);
  return dba.toLocaleLowerCase() === text(b.businessName).toLocaleLowerCase() ? '' : dba;
};

/**
 * The business section of the application PDF (issue 23 item 10): what the applicant answered and
 * nothing else. A question left unanswered is no row at all: no 'Has real estate: No' for a question
 * never put (the record's null is section 3's 'treated as false' for the CRM, not an answer), no trade
 * name copied from the legal name when DBA was left blank (see tradeName). The
 * industry's code is named the applicant's way: NAICS in English, SCIAN in French (as the web form says).
 * Labels are the form's English words, which application-pdf.ts writes in the applicant's language.
 */
export function businessRows(
  b: Partial<BusinessRecord<unknown>>,
  opts: { say: AnswerWriter; taxId: string; language?: string },
): [string, string][] {
  const { say } = opts;
  const fr = opts.language === 'fr-CA';
  const industry = say.pick('industries', b.industry);
  const naics = text(b.naics);
  const rows: [string, string][] = [
    ['Legal business name', text(b.businessName)],
    ['DBA', tradeName(b)],
    ['Legal entity', say.pick('legalEntities', b.legalEntity)],
    [b.addressData?.country === 'CA' ? 'Business number (BN)' : 'EIN / Tax ID', text(opts.taxId)],
    ['Business start date', text(b.businessStartDate)],
    ['Industry', [industry, naics ? `(${fr ? 'SCIAN' : 'NAICS'} ${naics})` : ''].filter(Boolean).join(' ')],
    ['Business description', text(b.businessDescription)],
    ['Number of employees', text(b.numberOfEmployees)],
    ['Amount requested', say.money(amountRequestedOf(b))],
    ['Annual revenue', say.money(b.annualRevenue)],
    ['Use of proceeds', say.pick('useOfProceeds', b.useOfProceeds)],
    ['Products interested in', say.picks('products', b.productsInterestedIn)],
    ['Accepts credit cards', say.pick('yesNo', b.acceptsCreditCards)],
    ['Has real estate', b.hasRealEstate === true ? 'Yes' : b.hasRealEstate === false ? 'No' : ''],
    ['Open business loans', say.pick('yesNo', b.otherBusinessLoans)],
    ['Average daily balance', say.money(b.avgDailyBalance)],
    ['Business phone', text(b.phoneNumber)],
    ['Website', text(b.website)],
    ['Business address', addressLine(b.addressData)],
  ];
  return rows.filter(([, value]) => value !== '');
}
