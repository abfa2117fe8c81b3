import { describe, expect, it } from 'vitest';
import { periodCoversMonth, statementPeriods, wrongStatementPeriod } from './statement-period';

describe('statementPeriods', () => {
  it.each([
    ['Statement Period: 08/01/2026 - 08/31/2026', [{ start: '2026-08-01', end: '2026-08-31' }]],
    ['For the period August 1, 2026 through August 31, 2026', [{ start: '2026-08-01', end: '2026-08-31' }]],
    ['Relevé du 1er août 2026 au 31 août 2026', [{ start: '2026-08-01', end: '2026-08-31' }]],
    ['Période : 2026-08-01 au 2026-08-31', [{ start: '2026-08-01', end: '2026-08-31' }]],
    ['Opening balance 1,234.00 Sep 15, 2026 to Oct 14, 2026', [{ start: '2026-09-15', end: '2026-10-14' }]],
    ['Du 01/08/2026 au 31/08/2026', [{ start: '2026-08-01', end: '2026-08-31' }]],
    // A US bank's statement in Spanish.
    ['Estado de cuenta del 1 de agosto de 2026 al 31 de agosto de 2026', [{ start: '2026-08-01', end: '2026-08-31' }]],
    ['Periodo: 15 sept. 2026 hasta el 14 oct. 2026', [{ start: '2026-09-15', end: '2026-10-14' }]],
    ['Período del 1 dic 2026 al 31 dic 2026', [{ start: '2026-12-01', end: '2026-12-31' }]],
  ])('reads %j', (text, want) => {
    expect(statementPeriods(text)).toEqual(want);
  });

  it('keeps both readings of ambiguous numeric dates', () => {
    expect(statementPeriods('Period 03/01/2026 - 03/28/2026')).toEqual([{ start: '2026-03-01', end: '2026-03-28' }]);
    // 02/03 to 02/04: Feb 3 - Feb 4 (too short) or 2 Mar - 2 Apr (a month): only the second is a period.
    expect(statementPeriods('02/03/2026 - 02/04/2026')).toEqual([{ start: '2026-03-02', end: '2026-04-02' }]);
  });

  it('finds nothing in text with no period', () => {
    expect(statementPeriods('Deposit 08/14/2026 1,000.00 Balance 5,000.00')).toEqual([]);
    expect(statementPeriods('')).toEqual([]);
  });
});

describe('wrongStatementPeriod', () => {
  it('names the period when it is clearly another month', () => {
    expect(wrongStatementPeriod('Statement period: July 1, 2026 - July 31, 2026', 'October 2026')).toEqual({
      start: '2026-07-01',
      end: '2026-07-31',
    });
  });

  it('is silent when the period covers the month, even in part, or cannot be read with certainty', () => {
    expect(
      wrongStatementPeriod('Statement period: October 1, 2026 - October 31, 2026', 'October 2026'),
    ).toBeUndefined();
    expect(wrongStatementPeriod('Sep 15, 2026 to Oct 14, 2026', 'October 2026')).toBeUndefined();
    expect(wrongStatementPeriod('no dates at all', 'October 2026')).toBeUndefined();
    // 10/01 - 10/31 could only be October; 05/06 - 06/06: May 6 - Jun 6 or 5 Jun - 6 Jun (too short).
    expect(wrongStatementPeriod('05/06/2026 - 06/06/2026', 'June 2026')).toBeUndefined();
  });

  it('checks months by overlap', () => {
    expect(periodCoversMonth({ start: '2026-09-15', end: '2026-10-14' }, 'September 2026')).toBe(true);
    expect(periodCoversMonth({ start: '2026-09-15', end: '2026-10-14' }, 'November 2026')).toBe(false);
    expect(periodCoversMonth({ start: '2026-09-15', end: '2026-10-14' }, 'Smarch 2026')).toBeUndefined();
  });
});
