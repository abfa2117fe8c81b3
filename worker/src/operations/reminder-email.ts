import { emailGreeting, escapeHtml, nameForEmail } from '@portal/libs';

/** The reminder sent to an applicant whose application has not moved (issue 12): a link to their step. */
export type ReminderEmailData = {
  firstName: string;
  company: string;
  reminder: 1 | 2;
  /** PUBLIC_URL + the saved step's path. */
  stepUrl: string;
};

const COMPANY_MAX = 80;

export function renderReminderEmail(d: ReminderEmailData): { subject: string; html: string; text: string } {
  const greeting = emailGreeting(d.firstName);
  const company = nameForEmail(d.company, COMPANY_MAX) ?? 'your business';
  const subject =
    d.reminder === 1
      ? `Your funding application for ${company} is waiting for you`
      : `Still interested? Your application for ${company} is saved`;
  const lead =
    d.reminder === 1
      ? `Your application for ${company} is saved where you left it. Pick it up in a few minutes:`
      : `We kept your application for ${company} just as you left it. When you are ready, continue here:`;
  const text = [greeting, '', lead, d.stepUrl, '', 'If you no longer need funding, you can ignore this email.'].join(
    '\n',
  );
  const esc = escapeHtml;
  const html = `<!doctype html><html><body style="margin:0;background:#f4f6fa;font-family:Helvetica,Arial,sans-serif;color:#1d2939">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:12px;padding:28px">
<tr><td style="font-size:20px;font-weight:700;color:#0b5cab;padding-bottom:12px">Fundwise</td></tr>
<tr><td style="font-size:16px;padding-bottom:12px">${esc(greeting)}</td></tr>
<tr><td style="font-size:15px;padding-bottom:16px">${esc(lead)}</td></tr>
<tr><td style="padding-top:8px"><a href="${esc(d.stepUrl)}" style="background:#0b5cab;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">Continue your application</a></td></tr>
<tr><td style="font-size:14px;color:#475467;padding-top:16px">If you no longer need funding, you can ignore this email.</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, html, text };
}
