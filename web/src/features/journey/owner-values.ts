import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  OWNER_RULES,
  localeNumberRules,
  parseLocaleNumber,
  NUMBER_KINDS,
  validateForm,
  withShownMasks,
  isMasked,
} from '@portal/libs';
import { toFieldErrors } from '../../components/form/rules-resolver';
import { numberText } from '../../i18n/number-input';
import { currentLanguage, type Language } from '../../i18n/i18n';
import type { BusinessView, OwnerSetView, OwnerView } from '../../lib/journey/journey-api';
import { apiPhone, shownPhone } from '../../lib/phone';

export const OWNER_FIELDS = [
  'firstName',
  'lastName',
  'country',
  'address',
  'city',
  'state',
  'zip',
  'ownerEmailId',
  'dateOfBirth',
  'phoneNumber',
  'ownershipPercent',
  'creditReport',
  'ssn',
  'isUSCitizen',
] as const;
export type OwnerValues = Record<(typeof OWNER_FIELDS)[number], string>;
export type OwnersValues = { sameAsBusinessInfo: boolean; owners: OwnerValues[] };

/**
 * The country an owner card starts in: the business's (a Canadian business's owners were otherwise asked
 * for an SSN, a State and a ZIP), else the United States.
 */
export const defaultCountry = (b: Pick<BusinessView, 'addressData'> | undefined): string =>
  b?.addressData?.country || 'US';

export const blankOwner = (country = 'US'): OwnerValues => ({
  ...(Object.fromEntries(OWNER_FIELDS.map((f) => [f, ''])) as OwnerValues),
  country,
});

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** The share and the score, typed and shown the applicant's language's way ('12,5' in French). */
export const OWNER_NUMBER_KINDS = { ownershipPercent: 'percent', creditReport: 'score' } as const;

/** A stored owner as the card shows it; a card saved without a country starts in `country`. */
export function ownerFrom(o: OwnerView, country = 'US', lng: Language = currentLanguage()): OwnerValues {
  const a = o.addressData ?? {};
  const fields = Object.fromEntries(
    OWNER_FIELDS.map((f) => [f, text((o as Readonly<Record<string, unknown>>)[f])]),
  ) as OwnerValues;
  return {
    ...fields,
    country: a.country || country,
    address: text(a.address),
    city: text(a.city),
    state: text(a.state),
    zip: text(a.zip),
    ownershipPercent: numberText(o.ownershipPercent, lng, 'percent'),
    creditReport: numberText(o.creditReport, lng, 'score'),
  };
}

/** The saved owners as the form shows them: one blank card (in `country`) when none is saved yet. */
export const ownersFrom = (set: OwnerSetView, country = 'US'): OwnersValues => ({
  sameAsBusinessInfo: set.sameAsBusinessInfo,
  owners: set.owners.length ? set.owners.map((o) => ownerFrom(o, country)) : [blankOwner(country)],
});

/** An owner card as the api takes it: the share and the score as plain numbers, read in `lng`; the phone as E.164. */
export function ownerPayload(o: OwnerValues, lng: string = currentLanguage()) {
  const read = (k: keyof typeof OWNER_NUMBER_KINDS) =>
    o[k].trim() ? parseLocaleNumber(o[k], lng, NUMBER_KINDS[OWNER_NUMBER_KINDS[k]]) : '';
  const phoneNumber = apiPhone(o.phoneNumber);
  return { ...o, phoneNumber, ownershipPercent: read('ownershipPercent'), creditReport: read('creditReport') };
}

/** 'Same as business information': the business email, phone and address, into the primary owner. */
export const businessContact = (b: BusinessView): Partial<OwnerValues> => ({
  ownerEmailId: b.businessEmail ?? '',
  // Stored as E.164 (older records: the mask): shown as the owner's phone input shows it.
  phoneNumber: shownPhone(b.phoneNumber ?? ''),
  country: defaultCountry(b),
  address: b.addressData?.address ?? '',
  city: b.addressData?.city ?? '',
  state: b.addressData?.state ?? '',
  zip: b.addressData?.zip ?? '',
});

/**
 * Every owner card against the libs owner rules (the api's), numbers read the applicant's way, in
 * react-hook-form's array error shape. A card saved before lets through the masks the api answered for it
 * (`saved`, by place), untouched: the api keeps what is on file for them (the browser never holds them whole).
 */
export const ownersResolver =
  (saved: readonly Pick<OwnerView, 'ssn' | 'dateOfBirth' | 'addressData'>[] = []): Resolver<OwnersValues> =>
  (values) => {
    const rules = localeNumberRules(OWNER_RULES, OWNER_NUMBER_KINDS, currentLanguage());
    const found = values.owners.map((o, i) => {
      const before = saved[i];
      // An SSN on file is no SIN: in another country, its mask is no answer (the api agrees).
      const ssn = before?.addressData?.country === o.country ? before.ssn : undefined;
      return validateForm(withShownMasks(rules, { ssn, dateOfBirth: before?.dateOfBirth }), o);
    });
    if (found.every((f) => Object.keys(f).length === 0)) return { values, errors: {} };
    const owners = found.map((f) => (Object.keys(f).length ? toFieldErrors(f) : undefined));
    return { values: {}, errors: { owners } as unknown as FieldErrors<OwnersValues> };
  };

/**
 * The masks each card may send back untouched: the draft's own where it holds one (the api keeps what
 * was typed behind it, in the country it was typed for), else the saved owner's.
 */
export function shownMasks(
  saved: readonly OwnerView[],
  draft: Readonly<Record<string, unknown>>,
): Pick<OwnerView, 'ssn' | 'dateOfBirth' | 'addressData'>[] {
  const drafted: unknown[] = Array.isArray(draft.owners) ? draft.owners : [];
  return Array.from({ length: Math.max(saved.length, drafted.length) }, (_, i) => {
    const s = saved[i];
    const d = (drafted[i] ?? {}) as Record<string, unknown>;
    const ssn = isMasked(d.ssn) ? d.ssn : undefined;
    const country = ssn && typeof d.country === 'string' ? { country: d.country } : {};
    return {
      ssn: ssn ?? s?.ssn,
      dateOfBirth: isMasked(d.dateOfBirth) ? d.dateOfBirth : s?.dateOfBirth,
      addressData: { ...s?.addressData, ...country },
    };
  });
}

/** The first field in error, to open its card and focus it. */
export function firstOwnerError(errors: FieldErrors<OwnersValues>): { index: number; field: string } | undefined {
  const list = (errors.owners ?? []) as (Record<string, unknown> | undefined)[];
  const index = list.findIndex((e) => e && Object.keys(e).length > 0);
  if (index < 0) return undefined;
  const field = OWNER_FIELDS.find((f) => list[index]?.[f]);
  return field ? { index, field } : undefined;
}
