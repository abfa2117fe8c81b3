// An owner card saved before lets its own masks through, untouched, and nothing else.
import { describe, expect, it } from 'vitest';
import { VALID_OWNER } from '../../../../libs/src/validation/valid-answers.spec-setup';
import { ownersResolver, type OwnersValues } from './owner-values';

const card = (o: Record<string, unknown>) => ({ ...VALID_OWNER, ownershipPercent: '100', creditReport: '700', ...o });
const saved = [{ ssn: '*****6789', dateOfBirth: '****-**-**', addressData: { country: 'US' } }];
const errorsOf = async (owners: Record<string, unknown>[], on = saved) => {
  const values = { sameAsBusinessInfo: false, owners } as unknown as OwnersValues;
  const { errors } = await ownersResolver(on)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return (errors.owners as unknown as (Record<string, unknown> | undefined)[] | undefined) ?? [];
};

describe('ownersResolver and the masks on file', () => {
  it('takes the masks the api answered for the card at that place', async () => {
    expect(await errorsOf([card({ ssn: '*****6789', dateOfBirth: '****-**-**' })])).toEqual([]);
  });

  it('refuses another mask, a mask on a new card, and an SSN mask once the country changed', async () => {
    expect(Object.keys((await errorsOf([card({ ssn: '*****1111' })]))[0] ?? {})).toEqual(['ssn']);
    const second = await errorsOf([card({}), card({ ssn: '*****6789', dateOfBirth: '****-**-**' })]);
    expect(Object.keys(second[1] ?? {}).sort()).toEqual(['dateOfBirth', 'ssn']);
    const moved = card({ country: 'CA', state: 'QC', zip: 'H2X 1Y4', ssn: '*****6789', dateOfBirth: '****-**-**' });
    expect(Object.keys((await errorsOf([moved]))[0] ?? {})).toEqual(['ssn']);
  });
});
