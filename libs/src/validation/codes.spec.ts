import { describe, expect, it } from 'vitest';
import { SIGN_UP_RULES } from './sign-up';
import { validateForm } from './rules';
import {
  ACCOUNT_CODES,
  API_CODES,
  COMMON_CODES,
  FILE_CODES,
  JOURNEY_CODES,
  MESSAGE_TABLES,
  messageText,
  parseCode,
} from './codes';

describe('message codes', () => {
  it('name every message of every table, and read back as its English word for word', () => {
    for (const [table, entries] of Object.entries(MESSAGE_TABLES))
      for (const [name, value] of Object.entries(entries))
        if (typeof value === 'string') expect(messageText(`${table}.${name}`)).toBe(value);
    expect(messageText(JOURNEY_CODES.NO_FURTHER_STAGE)).toBe('No further stage available');
    expect(messageText(API_CODES.businessNotFound)).toBe('Business not found');
  });

  it('carry a templated message’s numbers after a colon', () => {
    expect(COMMON_CODES.maxLength(40)).toBe('common.maxLength:40');
    expect(messageText(COMMON_CODES.maxLength(40))).toBe('Must be 40 characters or less');
    expect(parseCode(FILE_CODES.missingDocuments(1, 4))).toEqual({
      table: 'file',
      name: 'missingDocuments',
      key: 'file.missingDocuments',
      args: ['1', '4'],
    });
    expect(messageText(ACCOUNT_CODES.tooManyAttempts(30))).toBe('Too many attempts. Please try again in 30 seconds.');
  });

  it('are not English: a text or an unknown name is no code, and reads back as it is', () => {
    expect(parseCode('This field is required')).toBeUndefined();
    expect(parseCode('common.noSuchMessage')).toBeUndefined();
    expect(parseCode('common.toString')).toBeUndefined();
    expect(messageText('Network Error')).toBe('Network Error');
  });

  it('are what the rules answer', () => {
    expect(validateForm(SIGN_UP_RULES, { firstName: 'x'.repeat(41) }).firstName).toBe(COMMON_CODES.firstNameTooLong);
    expect(validateForm(SIGN_UP_RULES, {}).phone).toBe('common.phoneRequired');
  });
});
