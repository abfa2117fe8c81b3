import { emailGreeting, escapeHtml, formatMoney, nameForEmail } from '@portal/libs';
/** The offer summary email (section 7 'offer/email-offer'): HTML and plain text from one template. */
export type OfferEmailData = {
  firstName: string;
  company: string;
  offerType: 'standard' | 'lineOfCredit';
  option: Record<string, string>;
  publicUrl: string;
};

const usd = formatMoney;
const esc = escapeHtml;
/** Business names run longer than first names; the same rules keep links and line breaks out. */
const COMPANY_MAX = 80;

export function offerRows(d: Pick<OfferEmailData, 'offerType' | 'option'>): [string, string][] {
  const o = d.option;
  if (d.offerType === 'lineOfCredit')
    return [
      ['Credit line', usd(o.maxAmount)],
      ['Term', `${o.termYears} year${o.termYears === '1' ? '' : 's'}`],
      ['Monthly interest rate', `${o.monthlyInterestRate}%`],
      ['Monthly payment (full line drawn)', usd(o.monthlyPayments)],
    ];
  return [
    ['Funding amount', usd(o.offeredAmount)],
    ['Term', `${o.monthlyTerm} months`],
    ['Total payback', usd(o.totalPayment)],
    ...(o.monthlyPayment ? [['Monthly payment', usd(o.monthlyPayment)] as [string, string]] : []),
    ['Daily payments', `${o.noOfdailyPayments} × ${usd(o.dailyPayment)}`],
    ['or weekly payments', `${o.noOfweeklyPayments} × ${usd(o.weeklyPayment)}`],
  ];
}

export function renderOfferEmail(d: OfferEmailData): { subject: string; html: string; text: string } {
  const rows = offerRows(d);
  const greeting = emailGreeting(d.firstName);
  const company = nameForEmail(d.company, COMPANY_MAX) ?? 'your business';
  const subject = `Your selected offer for ${company}`;
  const text = [
    greeting,
    '',
    `Thanks for selecting your offer for ${company}. Here is a summary:`,
    ...rows.map(([k, v]) => `- ${k}: ${v}`),
    '',
    'This is a soft offer: your application is pending review, and your funding expert will be in touch.',
    `Your application: ${d.publicUrl}/offers`,
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f4f6fa;font-family:Helvetica,Arial,sans-serif;color:#1d2939">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:12px;padding:28px">
<tr><td style="font-size:20px;font-weight:700;color:#0b5cab;padding-bottom:12px">Fundwise</td></tr>
<tr><td style="font-size:16px;padding-bottom:12px">${esc(greeting)}</td></tr>
<tr><td style="font-size:15px;padding-bottom:16px">Thanks for selecting your offer for <strong>${esc(company)}</strong>. Here is a summary:</td></tr>
<tr><td><table role="presentation" width="100%" cellpadding="8" cellspacing="0" style="border:1px solid #d0d5dd;border-radius:8px">
${rows.map(([k, v]) => `<tr><td style="color:#475467">${esc(k)}</td><td align="right" style="font-weight:600">${esc(v)}</td></tr>`).join('\n')}
</table></td></tr>
<tr><td style="font-size:14px;color:#475467;padding-top:16px">This is a soft offer: your application is pending review, and your funding expert will be in touch.</td></tr>
<tr><td style="padding-top:20px"><a href="${esc(d.publicUrl)}/offers" style="background:#0b5cab;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">View your application</a></td></tr>
</table></td></tr></table></body></html>`;
  return { subject, html, text };
}
