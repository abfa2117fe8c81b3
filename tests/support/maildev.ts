// What maildev (the local SMTP catcher) holds, read through its REST api under /api/email.
import { until } from './until';

export type Mail = { id: string; time: string; subject: string; text: string; html: string; to: { address: string }[] };

/** The messages maildev holds for `to` (the address exactly as sent), in arrival order. */
export async function mailsTo(maildevUrl: string, to: string): Promise<Mail[]> {
  const mails = (await (await fetch(`${maildevUrl}/api/email`)).json()) as Mail[];
  return mails.filter((m) => m.to.some((t) => t.address === to));
}

/** How many messages maildev holds for `to`. */
export const mailCount = async (maildevUrl: string, to: string) => (await mailsTo(maildevUrl, to)).length;

/** How many messages reached `to`, once the first has shown in maildev. */
export const mailsArrived = (maildevUrl: string, to: string) =>
  until(
    () => mailCount(maildevUrl, to),
    (n) => n > 0,
  );
