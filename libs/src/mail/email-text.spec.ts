import { describe, expect, it } from 'vitest';
import {
  EMAIL_NAME_MAX,
  emailGreeting,
  endSentence,
  escapeHtml,
  labelled,
  linkInLanguage,
  nameForEmail,
} from './email-text';

// This first name went verbatim into the code email, which goes to any address.
const ATTACK = 'there. Your account is locked, call +1-555-0100 or visit https://evil.example';

describe('email content injection — a name safe to put in an email', () => {
  it('greets neutrally instead of showing the attack name', () => {
    expect(nameForEmail(ATTACK)).toBeUndefined();
    expect(emailGreeting(ATTACK)).toBe('Hello,');
  });

  it.each([
    ['a URL', 'Bob https://evil.example'],
    ['a URL of any scheme', 'Bob ftp://x'],
    ['a host name', 'visit evil.example'],
    ['a host name with full-width dots', 'evil．example'],
    ['a host name in full-width letters', 'ｅｖｉｌ．ｅｘａｍｐｌｅ'],
    ['a host name with an ideographic full stop', 'evil。example'],
    ['www.', 'www.evil'],
    ['a mailto link', 'mailto:help'],
    ['an email address', 'help@evil'],
    ['a phone number', 'call 555 0100'],
    ['a line break', 'Ann\nYour account is locked'],
    ['a carriage return', 'Ann\rX'],
    ['a Unicode line separator', 'Ann\u2028X'],
    ['a tab', 'Ann\tX'],
    ['a zero-width space hiding a host name', 'evil\u200B.example'],
    ['a right-to-left override', 'Ann\u202Eelpmaxe'],
  ])('refuses a name with %s', (_, name) => {
    expect(nameForEmail(name)).toBeUndefined();
    expect(emailGreeting(name)).toBe('Hello,');
  });

  it.each(['Katherine', 'Mary-Jane', "O'Brien", 'José', 'Zoë Ann', 'J. R.', '李小龙', 'Renée', 'Louis XIV'])(
    'keeps an ordinary name: %s',
    (name) => expect(nameForEmail(name)).toBe(name),
  );

  it('cuts a name to 40 characters, never inside a character', () => {
    expect(EMAIL_NAME_MAX).toBe(40);
    expect(nameForEmail('A'.repeat(60))).toBe('A'.repeat(40));
    const emoji = '😀'.repeat(45);
    expect(Array.from(nameForEmail(emoji)!)).toHaveLength(40);
    expect(nameForEmail(`${'A'.repeat(39)} Bcdef`)).toBe('A'.repeat(39));
  });

  it('judges the whole name, not only what is shown', () => {
    expect(nameForEmail(`${'A'.repeat(45)} https://evil.example`)).toBeUndefined();
  });

  it('collapses spaces; an empty or missing name greets neutrally', () => {
    expect(nameForEmail('  Ann   Lee  ')).toBe('Ann Lee');
    for (const none of ['', '   ', undefined, null, 42, { toString: () => 'x' }])
      expect(emailGreeting(none), String(none)).toBe('Hello,');
    expect(emailGreeting('Katherine')).toBe('Hi Katherine,');
  });

  it('escapes HTML', () => {
    expect(escapeHtml(`<b onclick="x">Tom & 'Jerry'</b>`)).toBe(
      '&lt;b onclick=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/b&gt;',
    );
  });
});

describe('French typography and sentence ends in emails', () => {
  it('sets a no-break space before the colon in French, none in English', () => {
    expect(labelled('Votre demande', 'https://apply.example/offers', 'fr-CA')).toBe(
      'Votre demande\u00a0: https://apply.example/offers',
    );
    expect(labelled('Your application', 'https://apply.example/offers')).toBe(
      'Your application: https://apply.example/offers',
    );
  });

  it('sets no space before the colon in Spanish, and greets the Spanish way (a colon after the greeting)', () => {
    expect(labelled('Su solicitud', 'https://apply.example/offers', 'es-US')).toBe(
      'Su solicitud: https://apply.example/offers',
    );
    expect(emailGreeting('Ana', 'es-US')).toBe('Hola, Ana:');
    expect(emailGreeting(ATTACK, 'es-US')).toBe('Hola:');
    expect(emailGreeting('Ana', 'fr-CA')).toBe('Bonjour Ana,');
    expect(emailGreeting('Ana')).toBe('Hi Ana,');
  });

  it('ends a sentence once, whether or not the name ends with its own period', () => {
    expect(endSentence('Merci pour Boulangerie Roy inc.')).toBe('Merci pour Boulangerie Roy inc.');
    expect(endSentence('Thanks for Orbital LLC')).toBe('Thanks for Orbital LLC.');
    expect(endSentence('Is it you?')).toBe('Is it you?');
  });
});

describe('a link in an email, in its language', () => {
  it('names the language the portal opens in, beside any query the link has', () => {
    expect(linkInLanguage('https://apply.example/offers', 'fr-CA')).toBe('https://apply.example/offers?lng=fr-CA');
    expect(linkInLanguage('https://apply.example/status', 'en')).toBe('https://apply.example/status?lng=en');
    expect(linkInLanguage('https://apply.example/x?a=1', 'fr-CA')).toBe('https://apply.example/x?a=1&lng=fr-CA');
    expect(linkInLanguage('https://apply.example/offers', 'es-US')).toBe('https://apply.example/offers?lng=es-US');
  });
});
