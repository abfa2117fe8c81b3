import type { FieldErrors, Resolver } from 'react-hook-form';
import { OWNER_RULES, validateForm } from '@portal/libs';
import { toFieldErrors } from '../../components/form/rules-resolver';
import type { BusinessView, OwnerView } from '../../lib/journey/journey-api';

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

export const blankOwner = (): OwnerValues => ({
  ...(Object.fromEntries(OWNER_FIELDS.map((f) => [f, ''])) as OwnerValues),
  country: 'US',
});

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export function ownerFrom(o: OwnerView): OwnerValues {
  const a = o.addressData ?? {};
  const fields = Object.fromEntries(
    OWNER_FIELDS.map((f) => [f, text((o as Readonly<Record<string, unknown>>)[f])]),
  ) as OwnerValues;
  return {
    ...fields,
    country: a.country || 'US',
    address: text(a.address),
    city: text(a.city),
    state: text(a.state),
    zip: text(a.zip),
  };
}

/** 'Same as business information': the business email, phone and address, into the primary owner. */
export const businessContact = (b: BusinessView): Partial<OwnerValues> => ({
  ownerEmailId: b.businessEmail ?? '',
  phoneNumber: b.phoneNumber ?? '',
  country: b.addressData?.country || 'US',
  address: b.addressData?.address ?? '',
  city: b.addressData?.city ?? '',
  state: b.addressData?.state ?? '',
  zip: b.addressData?.zip ?? '',
});

/** Every owner card against the libs owner rules (the api's), in react-hook-form's array error shape. */
export const ownersResolver: Resolver<OwnersValues> = (values) => {
  const found = values.owners.map((o) => validateForm(OWNER_RULES, o));
  if (found.every((f) => Object.keys(f).length === 0)) return { values, errors: {} };
  const owners = found.map((f) => (Object.keys(f).length ? toFieldErrors(f) : undefined));
  return { values: {}, errors: { owners } as unknown as FieldErrors<OwnersValues> };
};

/** The first field in error, to open its card and focus it. */
export function firstOwnerError(errors: FieldErrors<OwnersValues>): { index: number; field: string } | undefined {
  const list = (errors.owners ?? []) as (Record<string, unknown> | undefined)[];
  const index = list.findIndex((e) => e && Object.keys(e).length > 0);
  if (index < 0) return undefined;
  const field = OWNER_FIELDS.find((f) => list[index]?.[f]);
  return field ? { index, field } : undefined;
}
