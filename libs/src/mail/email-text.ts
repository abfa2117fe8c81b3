import { LANGUAGE_WRITING, type ByLanguage } from '../domain/language-table';
import type { ApplicantLanguage } from '../domain/languages';

/**
 * What an applicant typed, made fit for the emails we send. Our emails carry our name and reach
 * addresses the sender need not own (a sign-up code goes to whatever address was typed), so a first name
 * such as 'there. Your account is locked, call +1-555-0100 or visit https://evil.example' would put an
 * attacker's words under our letterhead. A name that carries a link, a phone number, a line break or
 * invisible characters is not shown at all (the greeting turns neutral) rather than cleaned up: half
 * of such a name is still the attacker's text.
 */
export const EMAIL_NAME_MAX = 40;

// Dots a mail client or browser may take for one in a host name.
const DOT = '[.\\u3002\\uFF0E\\uFF61]';
const LINK = new RegExp(
  [
    '[a-z][a-z0-9+.-]*:\\/\\/', // any scheme://
    '\\b(?:mailto|tel|sms|callto|javascript|data):',
    `\\bwww${DOT}`,
    `[\\p{L}\\p{N}_-]${DOT}(?:[\\p{L}\\p{N}_-]+${DOT})*\\p{L}{2,}`, // a host name: label.label.tld
    '@',
  ].join('|'),
  'iu',
);
// Line breaks, tabs and other control characters, zero-width and direction-changing characters.
const INVISIBLE_OR_BREAK = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
// Three digits make a phone number, a price or a code, not a name.
const DIGITS = /\p{Nd}(?:\P{Nd}*\p{Nd}){2}/u;

/**
 * `raw` as a name safe to show in an email: whitespace collapsed, at most `max` characters; undefined
 * when it is empty or carries a link, a phone number, a line break or invisible characters.
 */
export function nameForEmail(raw: unknown, max = EMAIL_NAME_MAX): string | undefined {
  if (typeof raw !== 'string') return undefined;
  // NFKC first, so full-width letters and dots ('ｅｖｉｌ．ｅｘａｍｐｌｅ') are judged as what they show.
  const name = raw.normalize('NFKC');
  if (INVISIBLE_OR_BREAK.test(name) || LINK.test(name) || DIGITS.test(name)) return undefined;
  const clean = name.replace(/\s+/gu, ' ').trim();
  if (clean === '') return undefined;
  // Cut by code point, never inside a surrogate pair.
  return Array.from(clean).slice(0, max).join('').trimEnd();
}

/** Each language's greeting to a named reader, and its neutral one for when the name cannot be shown. */
const GREETINGS: ByLanguage<{ named: (name: string) => string; neutral: string }> = {
  en: { named: (name) => `Hi ${name},`, neutral: 'Hello,' },
  'fr-CA': { named: (name) => `Bonjour ${name},`, neutral: 'Bonjour,' },
  // Spanish letters set a colon after the greeting, and a comma before the name.
  'es-US': { named: (name) => `Hola, ${name}:`, neutral: 'Hola:' },
};

/** 'Hi Katherine,' or, when the name cannot be shown, 'Hello,'. Plain text: escape it for HTML. */
export function emailGreeting(firstName: unknown, language: ApplicantLanguage = 'en'): string {
  const name = nameForEmail(firstName);
  const greeting = GREETINGS[language];
  return name ? greeting.named(name) : greeting.neutral;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an HTML element or a quoted attribute. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * 'Label: value' as the language writes it (LANGUAGE_WRITING): Canadian French sets a no-break space before
 * the colon ('Votre demande : https://…'), so the colon never starts a line; English and Spanish set none.
 */
export const labelled = (label: string, value: string, language: ApplicantLanguage = 'en') =>
  `${label}${LANGUAGE_WRITING[language].colon} ${value}`;

/**
 * A sentence that ends with a name, ended once: a name with its own final period ('Boulangerie Roy inc.')
 * takes no second one ('inc..' was seen in an email).
 */
export const endSentence = (s: string) => (/[.!?…]$/u.test(s.trimEnd()) ? s.trimEnd() : `${s.trimEnd()}.`);

/**
 * A link in an email, in the email's language (`?lng=`, which the portal reads on arrival, web/src/router.tsx):
 * a French or Spanish reader on an English phone lands on the portal in their language, and the other way round.
 */
export const linkInLanguage = (url: string, language: ApplicantLanguage) =>
  `${url}${url.includes('?') ? '&' : '?'}lng=${language}`;
