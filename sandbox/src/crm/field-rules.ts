/**
 * The org's field rules, as Salesforce applies them to every create and update: unknown and read-only
 * fields, values of the wrong type, required fields, lengths, restricted picklists, email addresses and,
 * in an org with state and country picklists, the address fields. The schema they check is org.ts.
 */
import { SCHEMA, type FieldDef, type OrgOptions, type SfErr } from './org';

/**
 * An address Salesforce's Email fields take: a local part of letters, digits and !#$%&'*+/=?^_`{|}~.-
 * that neither starts nor ends with a dot nor holds two in a row, an @, and a dotted domain. Stricter
 * than the portal's check on purpose: '.mary@example.com' passes the portal and is refused here.
 */
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

const LABEL = (f: string) => f.replace(/__c$/, '').replace(/_/g, ' ');
const blank = (v: unknown) => v === undefined || v === null || v === '';
const isCode = (v: unknown) => typeof v === 'string' && /^[A-Z]{2}$/.test(v);

/** INVALID_FIELD for a field the object does not have: Salesforce stops at the first. */
export function unknownField(type: string, fields: Record<string, unknown>, org: OrgOptions): SfErr | undefined {
  const schema = SCHEMA[type];
  if (!schema) return undefined;
  for (const name of Object.keys(fields)) {
    const def = schema[name];
    const addressCode = (name === 'StateCode' || name === 'CountryCode') && !org.stateCountryPicklists;
    if (!def || addressCode)
      return { errorCode: 'INVALID_FIELD', message: `No such column '${name}' on sobject of type ${type}` };
    if (def.readOnly)
      return {
        errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE',
        message: `Unable to create/update fields: ${name}. Please check the security settings of this field.`,
        fields: [name],
      };
  }
  return undefined;
}

/** The JSON token Salesforce's parser names in JSON_PARSER_ERROR. */
function token(value: unknown): string {
  if (typeof value === 'string') return 'VALUE_STRING';
  if (typeof value === 'boolean') return value ? 'VALUE_TRUE' : 'VALUE_FALSE';
  if (typeof value === 'number') return Number.isInteger(value) ? 'VALUE_NUMBER_INT' : 'VALUE_NUMBER_FLOAT';
  return Array.isArray(value) ? 'START_ARRAY' : 'START_OBJECT';
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const isDate = (s: string) => {
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
};

/** Whether the value deserializes to the field's type (strings of the right form are coerced, as Salesforce does). */
function deserializes(type: NonNullable<FieldDef['type']>, value: unknown): boolean {
  if (value === null) return true;
  switch (type) {
    case 'double':
      return (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && NUMBER.test(value));
    case 'int':
      return Number.isInteger(value) || (typeof value === 'string' && /^-?\d+$/.test(value));
    case 'date':
      return typeof value === 'string' && isDate(value);
    case 'boolean':
      return typeof value === 'boolean' || value === 'true' || value === 'false';
  }
}

/**
 * JSON_PARSER_ERROR for a value of the wrong type (text in a number, date or checkbox field): the body is
 * refused before any field rule runs, at the first such value, with the position Salesforce's parser gives.
 */
export function typeError(type: string, fields: Record<string, unknown>): SfErr | undefined {
  const schema = SCHEMA[type];
  if (!schema) return undefined;
  for (const [name, value] of Object.entries(fields)) {
    const t = schema[name]?.type;
    if (!t || deserializes(t, value)) continue;
    const json = JSON.stringify(fields);
    const column = json.indexOf(`${JSON.stringify(name)}:`) + JSON.stringify(name).length + 2;
    const shown = typeof value === 'string' ? value : JSON.stringify(value);
    return {
      errorCode: 'JSON_PARSER_ERROR',
      message: `Cannot deserialize instance of ${t} from ${token(value)} value ${shown} or request may be missing a required field at [line:1, column:${column}]`,
    };
  }
  return undefined;
}

/** Every field-level error of a write, as Salesforce collects them: more than one gives a multi-error reply. */
export function fieldErrors(
  type: string,
  fields: Record<string, unknown>,
  creating: boolean,
  org: OrgOptions,
): SfErr[] {
  const schema = SCHEMA[type];
  if (!schema) return [];
  const errors: SfErr[] = [];
  const missing = Object.entries(schema)
    .filter(([name, def]) => def.required && (creating ? blank(fields[name]) : name in fields && blank(fields[name])))
    .map(([name]) => name);
  if (missing.length)
    errors.push({
      errorCode: 'REQUIRED_FIELD_MISSING',
      message: `Required fields are missing: [${missing.join(', ')}]`,
      fields: missing,
    });
  for (const [name, value] of Object.entries(fields)) {
    const def = schema[name];
    if (!def) continue;
    if (def.length !== undefined && typeof value === 'string' && [...value].length > def.length)
      errors.push({
        errorCode: 'STRING_TOO_LONG',
        message: `${LABEL(name)}: data value too large: ${value.slice(0, 20)}... (max length=${def.length})`,
        fields: [name],
      });
    const picklist =
      name === 'StageName' && org.opportunityStages
        ? org.opportunityStages
        : name === 'Status' && org.leadStatuses
          ? org.leadStatuses
          : def.picklist;
    if (def.email && typeof value === 'string' && value !== '' && !EMAIL.test(value))
      errors.push({
        errorCode: 'INVALID_EMAIL_ADDRESS',
        message: `${LABEL(name)}: invalid email address: ${value}`,
        fields: [name],
      });
    if (picklist && !blank(value) && !picklist.includes(String(value)))
      errors.push({
        errorCode: 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
        message: `${LABEL(name)}: bad value for restricted picklist field: ${String(value)}`,
        fields: [name],
      });
  }
  if (org.stateCountryPicklists && type === 'Lead') errors.push(...addressErrors(fields));
  return errors;
}

/**
 * An org with state and country picklists: State and Country take the picklist's names; a code typed there
 * is refused (it belongs in StateCode / CountryCode), as is a country the picklist does not have.
 */
function addressErrors(fields: Record<string, unknown>): SfErr[] {
  const errors: SfErr[] = [];
  if (isCode(fields.Country) || (!blank(fields.CountryCode) && !['US', 'CA'].includes(String(fields.CountryCode))))
    errors.push({
      errorCode: 'FIELD_INTEGRITY_EXCEPTION',
      message:
        "There's a problem with this country, even though it may appear correct. Please select a country/territory from the list of valid countries.",
      fields: [isCode(fields.Country) ? 'Country' : 'CountryCode'],
    });
  if (isCode(fields.State))
    errors.push({
      errorCode: 'FIELD_INTEGRITY_EXCEPTION',
      message:
        "There's a problem with this state, even though it may appear correct. Please select a state from the list of valid states.",
      fields: ['State'],
    });
  return errors;
}
