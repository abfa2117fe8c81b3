import {
  emailGreeting,
  endSentence,
  escapeHtml,
  formatMoney,
  formatPercent,
  labelled,
  linkInLanguage,
  nameForEmail,
  offerTerms,
} from '@portal/libs';
/** The offer summary email the applicant asks for on the offer page: HTML and plain text from one template. */
export type OfferEmailData = {
  firstName: string;
  company: string;
  offerType: 'standard' | 'lineOfCredit';
  option: Record<string, string>;
  publicUrl: string;
  /** The account's language: 'fr-CA' writes in Canadian French, anything else in English. */
  language?: string;
};

type Language = 'en' | 'fr-CA';
const FR_MONEY = new Intl.NumberFormat('fr-CA', {
  style: 'currency',
  currency: 'USD',
  currencyDisplay: 'narrowSymbol',
});
const frMoney = (v: string | undefined) => FR_MONEY.format(Number(v ?? 0) || 0);

const COPY = {
  en: {
    subject: (company: string) => `Your selected offer for ${company}`,
    yourBusiness: 'your business',
    thanks: 'Thanks for selecting your offer for',
    summary: 'Here is a summary:',
    soft: 'This is a soft offer: your application is pending review, and your funding expert will be in touch.',
    yourApplication: 'Your application',
    view: 'View your application',
  },
  'fr-CA': {
    subject: (company: string) => `Votre offre choisie pour ${company}`,
    yourBusiness: 'votre entreprise',
    thanks: 'Merci d’avoir choisi votre offre pour',
    summary: 'En voici le résumé\u00a0:',
    soft: 'Il s’agit d’une offre préliminaire\u00a0: votre demande doit encore être examinée, et votre spécialiste du financement communiquera avec vous.',
    yourApplication: 'Votre demande',
    view: 'Voir votre demande',
  },
} as const;

const usd = formatMoney;
const esc = escapeHtml;
/** Business names run longer than first names; the same rules keep links and line breaks out. */
const COMPANY_MAX = 80;

/**
 * A rate as the screen writes it (formatPercent, the web's rule: '1.50' is '1.5%'), with a no-break space
 * where Intl may set a narrow one, which some mail clients show as a box.
 */
const percentIn = (v: number | string | undefined, lang: Language) =>
  formatPercent(v, lang).replace(/\u202f/g, '\u00a0');

/** The option's figures as its card shows them (offerTerms: the term in months, the payback and the
 * estimated APR of a line of credit as if fully drawn), so the email says nothing the page did not. */
export function offerRows(d: Pick<OfferEmailData, 'offerType' | 'option' | 'language'>): [string, string][] {
  const o = d.option;
  const terms = offerTerms(o);
  if (d.language === 'fr-CA') {
    const months = `${terms.termMonths} mois`;
    const apr = percentIn(terms.apr, 'fr-CA');
    if (d.offerType === 'lineOfCredit')
      return [
        ['Marge de crédit', frMoney(o.maxAmount)],
        ['Durée', months],
        ['Taux d’intérêt mensuel', percentIn(o.monthlyInterestRate, 'fr-CA')],
        ['Paiement mensuel (marge entièrement utilisée)', frMoney(o.monthlyPayments)],
        ['Remboursement total', frMoney(String(terms.totalPayback))],
        ['TAP estimé', apr],
      ];
    return [
      ['Montant du financement', frMoney(o.offeredAmount)],
      ['Durée', months],
      ['Remboursement total', frMoney(String(terms.totalPayback))],
      ...(o.monthlyPayment ? [['Paiement mensuel', frMoney(o.monthlyPayment)] as [string, string]] : []),
      ['Paiements quotidiens', `${o.noOfdailyPayments} × ${frMoney(o.dailyPayment)}`],
      ['ou paiements hebdomadaires', `${o.noOfweeklyPayments} × ${frMoney(o.weeklyPayment)}`],
      ['TAP estimé', apr],
    ];
  }
  const months = `${terms.termMonths} month${terms.termMonths === 1 ? '' : 's'}`;
  if (d.offerType === 'lineOfCredit')
    return [
      ['Credit line', usd(o.maxAmount)],
      ['Term', months],
      ['Monthly interest rate', percentIn(o.monthlyInterestRate, 'en')],
      ['Monthly payment (full line drawn)', usd(o.monthlyPayments)],
      ['Total payback', usd(terms.totalPayback)],
      ['Estimated APR', percentIn(terms.apr, 'en')],
    ];
  return [
    ['Funding amount', usd(o.offeredAmount)],
    ['Term', months],
    ['Total payback', usd(terms.totalPayback)],
    ...(o.monthlyPayment ? [['Monthly payment', usd(o.monthlyPayment)] as [string, string]] : []),
    ['Daily payments', `${o.noOfdailyPayments} × ${usd(o.dailyPayment)}`],
    ['or weekly payments', `${o.noOfweeklyPayments} × ${usd(o.weeklyPayment)}`],
    ['Estimated APR', percentIn(terms.apr, 'en')],
  ];
}

export function renderOfferEmail(d: OfferEmailData): { subject: string; html: string; text: string } {
  const lang: Language = d.language === 'fr-CA' ? 'fr-CA' : 'en';
  const c = COPY[lang];
  const rows = offerRows(d);
  const greeting = emailGreeting(d.firstName, lang);
  const company = nameForEmail(d.company, COMPANY_MAX) ?? c.yourBusiness;
  const subject = c.subject(company);
  // The portal opens in the email's language, whatever the phone's own.
  const offersUrl = linkInLanguage(`${d.publicUrl}/offers`, lang);
  const text = [
    greeting,
    '',
    `${endSentence(`${c.thanks} ${company}`)} ${c.summary}`,
    ...rows.map(([k, v]) => `- ${labelled(k, v, lang)}`),
    '',
    c.soft,
    labelled(c.yourApplication, offersUrl, lang),
  ].join('\n');
  // Fluid: the card is the screen's width up to 560 px (a fixed 560 plus padding made a phone's mail 608 px
  // wide, scrolled sideways); the padding is kept small for the same reason.
  const html = `<!doctype html><html lang="${lang}"><body style="margin:0;background:#f4f6fa;font-family:Helvetica,Arial,sans-serif;color:#1d2939">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;max-width:560px;background:#fff;border-radius:12px;padding:20px">
<tr><td style="font-size:20px;font-weight:700;color:#0b5cab;padding-bottom:12px">Fundwise</td></tr>
<tr><td style="font-size:16px;padding-bottom:12px">${esc(greeting)}</td></tr>
<tr><td style="font-size:15px;padding-bottom:16px">${esc(c.thanks)} <strong>${esc(company)}</strong>${endSentence(company) === company ? '' : '.'} ${esc(c.summary)}</td></tr>
<tr><td><table role="presentation" width="100%" cellpadding="8" cellspacing="0" style="border:1px solid #d0d5dd;border-radius:8px">
${rows.map(([k, v]) => `<tr><td style="color:#475467">${esc(k)}</td><td align="right" style="font-weight:600">${esc(v)}</td></tr>`).join('\n')}
</table></td></tr>
<tr><td style="font-size:14px;color:#475467;padding-top:16px">${esc(c.soft)}</td></tr>
<tr><td style="padding-top:20px"><a href="${esc(offersUrl)}" style="background:#0b5cab;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">${esc(c.view)}</a></td></tr>
</table></td></tr></table></body></html>`;
  return { subject, html, text };
}
