import {
  isStatementAdvice,
  REVIEW_CODES,
  type CashReading,
  type ReviewFinding,
  type StatementAdviceNote,
  type StatementReview,
} from '@portal/libs';

export type Verdict = {
  ok: boolean;
  reason?: string;
  advice: StatementAdviceNote[];
  cash?: CashReading;
  review?: StatementReview;
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const UNREADABLE_REASONS = new Set([
  'noPeriod',
  'noOpeningBalance',
  'noRows',
  'rowWithoutBalance',
  'balancesDisagree',
  'datesUnclear',
]);

/** A statement's days as the thread read them (libs cash-flow), only in the shape stored; anything else dropped. */
export function cashFrom(raw: unknown): CashReading | undefined {
  const r = raw as { readable?: unknown; reason?: unknown; cash?: { period?: unknown; days?: unknown } } | undefined;
  if (r?.readable === false && UNREADABLE_REASONS.has(r.reason as string))
    return { readable: false, reason: r.reason as Extract<CashReading, { readable: false }>['reason'] };
  const period = r?.cash?.period as { start?: unknown; end?: unknown } | undefined;
  const days = r?.cash?.days;
  if (r?.readable !== true || !period || !ISO_DAY.test(String(period.start)) || !ISO_DAY.test(String(period.end)))
    return undefined;
  if (!Array.isArray(days) || days.length > 100) return undefined;
  const clean = days.filter(
    (d: { date?: unknown; deposit?: unknown; balance?: unknown }) =>
      typeof d?.date === 'string' && ISO_DAY.test(d.date) && Number.isFinite(d.deposit) && Number.isFinite(d.balance),
  ) as { date: string; deposit: number; balance: number }[];
  if (clean.length !== days.length) return undefined;
  return {
    readable: true,
    cash: {
      period: { start: String(period.start), end: String(period.end) },
      days: clean.map((d) => ({ date: d.date, deposit: d.deposit, balance: d.balance })),
    },
  };
}

/** Only advice the web knows how to say: anything else from the thread is dropped. */
export const adviceFrom = (raw: unknown): StatementAdviceNote[] =>
  Array.isArray(raw)
    ? raw
        .filter((a: { code?: unknown }) => isStatementAdvice(a?.code))
        .map((a: { code: StatementAdviceNote['code']; periodStart?: unknown; periodEnd?: unknown }) => ({
          code: a.code,
          ...(typeof a.periodStart === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(a.periodStart)
            ? { periodStart: a.periodStart }
            : {}),
          ...(typeof a.periodEnd === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(a.periodEnd)
            ? { periodEnd: a.periodEnd }
            : {}),
        }))
    : [];

/** Kept with this advice when the budget ran out: the same amber 'we could not read this file' as pdf.js's. */
export const UNREAD: StatementAdviceNote[] = [{ code: 'unreadable' }];

/** A statement's review as the thread sent it, only in the shape stored (known codes, short details). */
export function reviewFrom(raw: unknown): StatementReview | undefined {
  const findings = (raw as { findings?: unknown } | undefined)?.findings;
  if (!Array.isArray(findings) || findings.length > 20) return undefined;
  return {
    findings: findings
      .filter((f: { code?: unknown }) => REVIEW_CODES.includes(f?.code as ReviewFinding['code']))
      .map((f: { code: ReviewFinding['code']; page?: unknown; detail?: unknown }) => ({
        code: f.code,
        ...(Number.isInteger(f.page) && (f.page as number) > 0 ? { page: f.page as number } : {}),
        ...(typeof f.detail === 'string' ? { detail: f.detail.slice(0, 80) } : {}),
      })),
  };
}
