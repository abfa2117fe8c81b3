import { describe, expect, it } from 'vitest';
import { affordability, averageDailyDeposits, offerAffordability, weekday } from './affordability';
import { cashFromEntries, cashFromTransactions, joinCash } from './cash-flow';
import { readStatementCash } from './statement-cash';

// August 2026 starts on a Saturday: 21 business days, Mondays the 3rd, 10th, 17th, 24th and 31st.
const AUGUST = [
  'Northern Bank - Business chequing statement',
  'Statement period: August 1, 2026 - August 31, 2026',
  'Opening balance 10,000.00',
  'Date Description Amount Balance',
  '08/03/2026 Card settlement 1,500.00 11,500.00',
  '08/04/2026 Rent -2,000.00 9,500.00',
  '08/10/2026 Deposit 3,000.00 12,500.00',
  '08/20/2026 Supplier 4,000.00 8,500.00',
  '08/28/2026 Deposit 1,200.00 9,700.00',
  'Closing balance 9,700.00',
].join('\n');

// The same business's September, as a French-language bank prints it (day first, spaces, comma decimals).
const SEPTEMBER = [
  'Banque du Nord - Relevé de compte d’entreprise',
  'Période du 1er septembre 2026 au 30 septembre 2026',
  'Solde d’ouverture 9 700,00 $',
  '02/09/2026 Dépôt 2 000,00 $ 11 700,00 $',
  '15/09/2026 Loyer 2 000,00 $ 9 700,00 $',
  'Solde de clôture 9 700,00 $',
].join('\n');

const days = (text: string) => {
  const r = readStatementCash(text);
  if (!r.readable) throw new Error(r.reason);
  return r.cash;
};

describe('a statement read into daily balances and deposits', () => {
  it('reads each day of the period with its deposits and end-of-day balance', () => {
    const cash = days(AUGUST);
    expect(cash.period).toEqual({ start: '2026-08-01', end: '2026-08-31' });
    expect(cash.days).toHaveLength(31);
    expect(cash.days[0]).toEqual({ date: '2026-08-01', deposit: 0, balance: 10_000 });
    expect(cash.days[2]).toEqual({ date: '2026-08-03', deposit: 1_500, balance: 11_500 });
    // The rent is money out whether printed negative or not: the balance says which.
    expect(cash.days[3]).toEqual({ date: '2026-08-04', deposit: 0, balance: 9_500 });
    expect(cash.days[5]).toEqual({ date: '2026-08-06', deposit: 0, balance: 9_500 });
    expect(cash.days[19]).toEqual({ date: '2026-08-20', deposit: 0, balance: 8_500 });
    expect(cash.days[30]).toEqual({ date: '2026-08-31', deposit: 0, balance: 9_700 });
    expect(cash.days.reduce((s, d) => s + d.deposit, 0)).toBe(5_700);
  });

  it('reads a French statement: day-first dates, spaces between thousands, comma decimals', () => {
    const cash = days(SEPTEMBER);
    expect(cash.period).toEqual({ start: '2026-09-01', end: '2026-09-30' });
    expect(cash.days[1]).toEqual({ date: '2026-09-02', deposit: 2_000, balance: 11_700 });
    expect(cash.days[14]).toEqual({ date: '2026-09-15', deposit: 0, balance: 9_700 });
  });

  it('says "not readable enough" rather than guessing', () => {
    const without = (line: string) => AUGUST.replace(`${line}\n`, '');
    expect(readStatementCash('Business chequing statement')).toEqual({ readable: false, reason: 'noPeriod' });
    expect(readStatementCash(without('Opening balance 10,000.00'))).toEqual({
      readable: false,
      reason: 'noOpeningBalance',
    });
    // A row whose balance does not follow from the one before (an unread row, a misread figure).
    expect(readStatementCash(without('08/10/2026 Deposit 3,000.00 12,500.00'))).toEqual({
      readable: false,
      reason: 'balancesDisagree',
    });
    expect(readStatementCash(AUGUST.replace('1,500.00 11,500.00', '11,500.00'))).toEqual({
      readable: false,
      reason: 'rowWithoutBalance',
    });
    expect(readStatementCash(AUGUST.replace(/^08\/.*\n/gm, ''))).toEqual({ readable: false, reason: 'noRows' });
    // Over a quarter, 01/02 and 02/03 fit as January 2 and February 3 and as February 1 and March 2.
    const quarter = [
      'Statement period 2026-01-01 to 2026-03-31',
      'Opening balance 100.00',
      '01/02/2026 Deposit 50.00 150.00',
      '02/03/2026 Deposit 50.00 200.00',
    ].join('\n');
    expect(readStatementCash(quarter)).toEqual({ readable: false, reason: 'datesUnclear' });
  });

  it('does not read a line longer than a statement row (a hostile text), and stays quick', () => {
    const started = Date.now();
    const hostile = AUGUST.replace('Opening balance 10,000.00', `Opening balance 10,000.00 ${'1'.repeat(200_000)}`);
    expect(readStatementCash(hostile)).toEqual({ readable: false, reason: 'noOpeningBalance' });
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('takes plain data too (an aggregator): a day per date, balances carried over days without entries', () => {
    const cash = cashFromEntries({ start: '2026-08-01', end: '2026-08-05' }, [
      { date: '2026-08-04', deposit: 100, balance: 600 },
      { date: '2026-08-03', deposit: 200, balance: 500 },
      { date: '2026-08-03', deposit: 0, balance: 450 },
    ]);
    expect(cash.days).toEqual([
      { date: '2026-08-01', deposit: 0, balance: 300 },
      { date: '2026-08-02', deposit: 0, balance: 300 },
      { date: '2026-08-03', deposit: 200, balance: 450 },
      { date: '2026-08-04', deposit: 100, balance: 600 },
      { date: '2026-08-05', deposit: 0, balance: 600 },
    ]);
  });
});

describe('what a payment schedule costs against the statements', () => {
  const august = days(AUGUST).days;

  it('averages deposits over business days: 5,700 over August 2026’s 21', () => {
    expect(averageDailyDeposits(august)).toBeCloseTo(5_700 / 21, 9);
  });

  it('a daily payment of 25.00: 9.2 % of deposits; lowest 8,025.00 on Thursday the 27th', () => {
    // 25 / (5,700 / 21) = 9.21 %. Replayed: 19 business days paid by the 27th (475.00) from its 8,500.00.
    expect(affordability(august, { payment: 25, frequency: 'daily' })).toEqual({
      sharePercent: 9.2,
      lowestBalance: 8_025,
      lowestOn: '2026-08-27',
    });
  });

  it('a weekly payment of 125.00 on Mondays: 9.5 %; lowest 8,000.00 from Monday the 24th', () => {
    // 125 × 52 / 252 = 25.79 a business day, / 271.43 = 9.50 %. Four Mondays paid by the 24th: 8,500 - 500.
    expect(affordability(august, { payment: 125, frequency: 'weekly' })).toEqual({
      sharePercent: 9.5,
      lowestBalance: 8_000,
      lowestOn: '2026-08-24',
    });
  });

  it('a monthly payment on each month’s first business day, over two statements joined', () => {
    // August 3rd and September 1st: 7,700 of deposits over 21 + 22 business days = 179.07 a day;
    // 1,000 × 12 / 252 = 47.62 a day: 26.6 %. Lowest: 8,500 - 1,000 on August 20 (before September's).
    const both = joinCash([days(SEPTEMBER), days(AUGUST)]);
    expect(both).toHaveLength(61);
    expect(affordability(both, { payment: 1_000, frequency: 'monthly' })).toEqual({
      sharePercent: 26.6,
      lowestBalance: 7_500,
      lowestOn: '2026-08-20',
    });
  });

  it('tells the day of the week as a Date does, on every day from 1990 to 2100 (leap years, centuries)', () => {
    const wrong: string[] = [];
    for (let t = Date.UTC(1990, 0, 1); t <= Date.UTC(2100, 11, 31); t += 86_400_000) {
      const date = new Date(t).toISOString().slice(0, 10);
      if (weekday(date) !== new Date(t).getUTCDay()) wrong.push(date);
    }
    expect(wrong).toEqual([]);
  });

  it('answers nothing when no money came in', () => {
    const flat = cashFromEntries({ start: '2026-08-01', end: '2026-08-10' }, [], 100);
    expect(affordability(flat.days, { payment: 10, frequency: 'daily' })).toBeUndefined();
  });
});

describe('the offers measured against the statements', () => {
  const standard = { id: 'std-6', offeredAmount: '6000.00', dailyPayment: '25.00', noOfdailyPayments: '126' };
  const line = { id: 'loc', maxAmount: '5000.00', monthlyPayments: '1000.00', termYears: '1' };

  it('measures a standard offer by its daily payment and a line of credit by its monthly one, fully drawn', () => {
    expect(offerAffordability([standard, line], [readStatementCash(AUGUST), readStatementCash(SEPTEMBER)])).toEqual({
      readable: true,
      averageDailyDeposits: 179.07,
      options: [
        // 25 / 179.07 = 13.96 %; August 27th: 8,500 - 19 × 25.
        {
          id: 'std-6',
          payment: 25,
          frequency: 'daily',
          sharePercent: 14,
          lowestBalance: 8_025,
          lowestOn: '2026-08-27',
        },
        {
          id: 'loc',
          payment: 1_000,
          frequency: 'monthly',
          sharePercent: 26.6,
          lowestBalance: 7_500,
          lowestOn: '2026-08-20',
        },
      ],
    });
  });

  it('is not readable when any statement was not, or there are none', () => {
    const unread = readStatementCash('Business chequing statement');
    expect(offerAffordability([standard], [readStatementCash(AUGUST), unread])).toEqual({ readable: false });
    expect(offerAffordability([standard], [readStatementCash(AUGUST), undefined])).toEqual({ readable: false });
    expect(offerAffordability([standard], [])).toEqual({ readable: false });
  });
});

describe("cashFromTransactions: an aggregator's transactions and current balance (bank data)", () => {
  // Monday 2 to Friday 6 March 2026; Plaid's signs: negative is money in, positive money out.
  const period = { start: '2026-03-02', end: '2026-03-06' };
  const transactions = [
    { date: '2026-03-01', amount: -999 }, // before the period: not read
    { date: '2026-03-02', amount: -500 },
    { date: '2026-03-02', amount: 200 },
    { date: '2026-03-04', amount: -300 },
    { date: '2026-03-05', amount: 1000 },
    { date: '2026-03-09', amount: -250 }, // after the period: taken back from the current balance
    { date: '2026-03-10', amount: 100, pending: true }, // pending: not in the current balance yet
  ];

  it('works each day’s balance back from the current one, by hand', () => {
    // End of the 6th: 1,000 − 250 = 750; the 5th paid 1,000 out, so the 4th ended at 1,750; the 4th took
    // 300 in, so the 3rd (and the 2nd) ended at 1,450; the 2nd took 500 in and paid 200: opened at 1,150.
    const cash = cashFromTransactions(period, transactions, 1000);
    expect(cash.period).toEqual(period);
    expect(cash.days).toEqual([
      { date: '2026-03-02', deposit: 500, balance: 1450 },
      { date: '2026-03-03', deposit: 0, balance: 1450 },
      { date: '2026-03-04', deposit: 300, balance: 1750 },
      { date: '2026-03-05', deposit: 0, balance: 750 },
      { date: '2026-03-06', deposit: 0, balance: 750 },
    ]);
  });

  it('feeds the affordability: 800 in over 5 business days is 160 a day, a daily 16 is 10 %', () => {
    const days = cashFromTransactions(period, transactions, 1000).days;
    expect(averageDailyDeposits(days)).toBe(160);
    // 16 out each business day: 1,434, 1,418, 1,702, 686, then 750 − 80 = 670 on Friday the 6th.
    expect(affordability(days, { payment: 16, frequency: 'daily' })).toEqual({
      sharePercent: 10,
      lowestBalance: 670,
      lowestOn: '2026-03-06',
    });
  });

  it('a period without transactions keeps the balance worked back to it', () => {
    const cash = cashFromTransactions({ start: '2026-03-07', end: '2026-03-08' }, transactions, 1000);
    expect(cash.days).toEqual([
      { date: '2026-03-07', deposit: 0, balance: 750 },
      { date: '2026-03-08', deposit: 0, balance: 750 },
    ]);
  });
});
