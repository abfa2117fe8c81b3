import { BadRequestException, NotFoundException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { API_CODES, JOURNEY_CODES, SIGN_UP_RULES } from '@portal/libs';
import { errorAnswer } from './http-exception.filter';
import { FollowsRule } from './rule.decorator';
import { validateBody } from './validation.pipe';

class NameAndEmailDto {
  @FollowsRule(SIGN_UP_RULES.firstName) firstName: string;
  @FollowsRule(SIGN_UP_RULES.email) email: string;
}

describe('every error answers its English word for word and its message code', () => {
  it('a DTO’s refusal: the first message, and each field’s English beside its code', async () => {
    const thrown: unknown = await validateBody(NameAndEmailDto, {
      firstName: 'x'.repeat(41),
      email: 'not an email',
    }).catch((e: unknown) => e);
    const { status, body } = errorAnswer(thrown);
    expect(status).toBe(400);
    expect(body.message).toBe('First name must be 40 characters or less');
    expect(body.data).toMatchObject({
      message: 'First name must be 40 characters or less',
      messageCode: 'common.firstNameTooLong',
      fields: { firstName: 'First name must be 40 characters or less', email: 'Please enter a valid email address' },
      fieldCodes: { firstName: 'common.firstNameTooLong', email: 'common.emailInvalid' },
    });
  });

  it('a templated message carries its numbers in the code', () => {
    const { body } = errorAnswer(new BadRequestException(API_CODES.bodyTooDeep(32)));
    expect(body.data).toEqual({
      message: 'Request body is nested too deeply (limit 32 levels)',
      messageCode: 'api.bodyTooDeep:32',
    });
  });

  it('a journey refusal keeps its refusal code beside the message code', () => {
    const { body } = errorAnswer(
      new BadRequestException({ message: JOURNEY_CODES.NO_FURTHER_STAGE, code: 'NO_FURTHER_STAGE' }),
    );
    expect(body.data).toEqual({
      message: 'No further stage available',
      messageCode: 'journey.NO_FURTHER_STAGE',
      code: 'NO_FURTHER_STAGE',
    });
  });

  it('Nest’s own words keep their text, with a code per status', () => {
    const { body } = errorAnswer(new NotFoundException('Cannot GET /api/nowhere'));
    expect(body.data).toEqual({ message: 'Cannot GET /api/nowhere', messageCode: 'http.404' });
  });
});
