/**
 * A statement's figures against the bank connection's for the same month: the closing balance and the
 * deposits' total of an uploaded statement, and those of the statement fetched from the applicant's bank
 * (its text, or the aggregator's transactions: api fetched-statements.ts), both as the File rows keep them
 * (`cash`). Checked when the review is read (for the rep and operators), since either may arrive first.
 */
import { round2, type CashDays, type CashReading } from './cash-flow';
import type { StatementReview } from './statement-review';

const closingOf = (c: CashDays) => c.days[c.days.length - 1]?.balance;
const depositsOf = (c: CashDays) => round2(c.days.reduce((sum, d) => sum + d.deposit, 0));
const money = (n: number | undefined) => (n === undefined ? '?' : n.toFixed(2));

/**
 * The review with what the bank's figures for the same period say: a closing balance or deposits' total
 * more than a cent apart is a finding. Nothing is added when either is unreadable or their periods differ
 * (a statement cycle that is not the month's cannot be compared day for day).
 */
export function withBankCheck(review: StatementReview, statement?: CashReading, bank?: CashReading): StatementReview {
  if (!statement?.readable || !bank?.readable) return review;
  const [s, b] = [statement.cash, bank.cash];
  if (s.period.start !== b.period.start || s.period.end !== b.period.end) return review;
  const apart = (x: number | undefined, y: number | undefined) =>
    x === undefined || y === undefined || Math.abs(x - y) > 0.005;
  const findings = [...review.findings];
  if (apart(closingOf(s), closingOf(b)))
    findings.push({ code: 'bankDisagrees', detail: `closing ${money(closingOf(s))}, bank ${money(closingOf(b))}` });
  if (apart(depositsOf(s), depositsOf(b)))
    findings.push({ code: 'bankDisagrees', detail: `deposits ${money(depositsOf(s))}, bank ${money(depositsOf(b))}` });
  return { findings };
}
