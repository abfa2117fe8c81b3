/** The business country a lead change names, in either shape (two-letter code), for the Country search attribute. */
export function leadCountryOf(change: Record<string, unknown>): string | undefined {
  const c = 'country' in change ? change.country : change.Country;
  return typeof c === 'string' && /^[A-Z]{2}$/.test(c) ? c : undefined;
}
