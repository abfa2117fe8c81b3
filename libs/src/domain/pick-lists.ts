export const USE_OF_PROCEEDS = [
  'Working Capital',
  'Debt Refinancing / Repayment',
  'Inventory Purchase',
  'Equipment / Technology',
  'Marketing & Customer Acquisition',
  'Hiring & Payroll Expansion',
  'Product Development / R&D',
  'Real Estate / Leasehold Improvements',
  'Legal, Compliance & Licensing',
  'M&A or Strategic Investments',
  'Reserve / Contingency Fund',
  'Growing Business',
  'Other',
] as const;

export const LEGAL_ENTITIES = [
  'Sole Proprietor',
  'Partnership',
  'Corporation',
  'LLC',
  'LLP',
  'Ltd. Partnership',
] as const;

export const PRODUCTS = [
  'Line of Credit',
  'Working Capital',
  'SBA Financing',
  'Equipment',
  'Term Loan',
  'Real Estate',
  'Other',
] as const;

/**
 * The products a business in `country` can be offered: SBA financing is a program of
 * the US Small Business Administration, for US businesses only, so a Canadian business is never offered it.
 */
export const US_ONLY_PRODUCTS: readonly string[] = ['SBA Financing'];
export const productsFor = (country: string | undefined): readonly Product[] =>
  country === 'CA' ? PRODUCTS.filter((p) => !US_ONLY_PRODUCTS.includes(p)) : PRODUCTS;

export const YES_NO = ['Yes', 'No'] as const;

export type UseOfProceeds = (typeof USE_OF_PROCEEDS)[number];
export type LegalEntity = (typeof LEGAL_ENTITIES)[number];
export type Product = (typeof PRODUCTS)[number];
export type YesNo = (typeof YES_NO)[number];
