import {
  emailGreeting,
  endSentence,
  escapeHtml,
  formatPercent,
  labelled,
  languageOf,
  linkInLanguage,
  moneyIn,
  nameForEmail,
  offerTerms,
  type ApplicantLanguage,
  type ByLanguage,
} from '@portal/libs';
/** The offer summary email the applicant asks for on the offer page: HTML and plain text from one template. */
export type OfferEmailData = {
  firstName: string;
  company: string;
  offerType: 'standard' | 'lineOfCredit';
  option: Record<string, string>;
  publicUrl: string;
  /** The account's language: the email is written in it (English when none is kept). */
  language?: string;
};

type Copy = {
  subject: (company: string) => string;
  yourBusiness: string;
  thanks: string;
  summary: string;
  soft: string;
  yourApplication: string;
  view: string;
  /** The rows' labels, as the offer's card names them in the language. */
  rows: {
    months: (n: number) => string;
    creditLine: string;
    term: string;
    monthlyInterestRate: string;
    monthlyPaymentFullLine: string;
    totalPayback: string;
    estimatedApr: string;
    fundingAmount: string;
    monthlyPayment: string;
    dailyPayments: string;
    weeklyPayments: string;
  };
};

const COPY: ByLanguage<Copy> = {
  en: {
    subject: (company) => `Your selected offer for ${company}`,
    yourBusiness: 'your business',
    thanks: 'Thanks for selecting your offer for',
    summary: 'Here is a summary:',
    soft: 'This is a soft offer: your application is pending review, and your funding expert will be in touch.',
    yourApplication: 'Your application',
    view: 'View your application',
    rows: {
      months: (n) => `${n} month${n === 1 ? '' : 's'}`,
      creditLine: 'Credit line',
      term: 'Term',
      monthlyInterestRate: 'Monthly interest rate',
      monthlyPaymentFullLine: 'Monthly payment (full line drawn)',
      totalPayback: 'Total payback',
      estimatedApr: 'Estimated APR',
      fundingAmount: 'Funding amount',
      monthlyPayment: 'Monthly payment',
      dailyPayments: 'Daily payments',
      weeklyPayments: 'or weekly payments',
    },
  },
  'fr-CA': {
    subject: (company) => `Votre offre choisie pour ${company}`,
    yourBusiness: 'votre entreprise',
    thanks: 'Merci d’avoir choisi votre offre pour',
    summary: 'En voici le résumé\u00a0:',
    soft: 'Il s’agit d’une offre préliminaire\u00a0: votre demande doit encore être examinée, et votre spécialiste du financement communiquera avec vous.',
    yourApplication: 'Votre demande',
    view: 'Voir votre demande',
    rows: {
      months: (n) => `${n} mois`,
      creditLine: 'Marge de crédit',
      term: 'Durée',
      monthlyInterestRate: 'Taux d’intérêt mensuel',
      monthlyPaymentFullLine: 'Paiement mensuel (marge entièrement utilisée)',
      totalPayback: 'Remboursement total',
      estimatedApr: 'TAP estimé',
      fundingAmount: 'Montant du financement',
      monthlyPayment: 'Paiement mensuel',
      dailyPayments: 'Paiements quotidiens',
      weeklyPayments: 'ou paiements hebdomadaires',
    },
  },
  'es-US': {
    subject: (company) => `Su oferta elegida para ${company}`,
    yourBusiness: 'su empresa',
    thanks: 'Gracias por elegir su oferta para',
    summary: 'Este es el resumen:',
    soft: 'Esta es una oferta preliminar: su solicitud está pendiente de revisión y su especialista en financiamiento se comunicará con usted.',
    yourApplication: 'Su solicitud',
    view: 'Ver su solicitud',
    rows: {
      months: (n) => `${n} ${n === 1 ? 'mes' : 'meses'}`,
      creditLine: 'Línea de crédito',
      term: 'Plazo',
      monthlyInterestRate: 'Tasa de interés mensual',
      monthlyPaymentFullLine: 'Pago mensual (línea de crédito usada por completo)',
      totalPayback: 'Reembolso total',
      estimatedApr: 'Tasa de porcentaje anual (APR) estimada',
      fundingAmount: 'Monto del financiamiento',
      monthlyPayment: 'Pago mensual',
      dailyPayments: 'Pagos diarios',
      weeklyPayments: 'o pagos semanales',
    },
  },
};

const esc = escapeHtml;
/** Business names run longer than first names; the same rules keep links and line breaks out. */
const COMPANY_MAX = 80;

/**
 * A rate as the screen writes it (formatPercent, the web's rule: '1.50' is '1.5%'), with a no-break space
 * where Intl may set a narrow one, which some mail clients show as a box.
 */
const percentIn = (v: number | string | undefined, lang: ApplicantLanguage) =>
  formatPercent(v, lang).replace(/\u202f/g, '\u00a0');

/** The option's figures as its card shows them (offerTerms: the term in months, the payback and the
 * estimated APR of a line of credit as if fully drawn), so the email says nothing the page did not.
 * Amounts and rates as the language writes them (Intl). */
export function offerRows(d: Pick<OfferEmailData, 'offerType' | 'option' | 'language'>): [string, string][] {
  const lang = languageOf(d.language);
  const o = d.option;
  const terms = offerTerms(o);
  const label = COPY[lang].rows;
  const money = (v: string | number | undefined) => moneyIn(v, lang);
  const months = label.months(terms.termMonths);
  const apr = percentIn(terms.apr, lang);
  if (d.offerType === 'lineOfCredit')
    return [
      [label.creditLine, money(o.maxAmount)],
      [label.term, months],
      [label.monthlyInterestRate, percentIn(o.monthlyInterestRate, lang)],
      [label.monthlyPaymentFullLine, money(o.monthlyPayments)],
      [label.totalPayback, money(terms.totalPayback)],
      [label.estimatedApr, apr],
    ];
  return [
    [label.fundingAmount, money(o.offeredAmount)],
    [label.term, months],
    [label.totalPayback, money(terms.totalPayback)],
    ...(o.monthlyPayment ? [[label.monthlyPayment, money(o.monthlyPayment)] as [string, string]] : []),
    [label.dailyPayments, `${o.noOfdailyPayments} × ${money(o.dailyPayment)}`],
    [label.weeklyPayments, `${o.noOfweeklyPayments} × ${money(o.weeklyPayment)}`],
    [label.estimatedApr, apr],
  ];
}

export function renderOfferEmail(d: OfferEmailData): { subject: string; html: string; text: string } {
  const lang = languageOf(d.language);
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
