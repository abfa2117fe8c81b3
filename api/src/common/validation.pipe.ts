import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { API_CODES } from '@portal/libs';

/**
 * Field name to its first message, for the form to show beside each field: a libs rule's code
 * (FollowsRule), or class-validator's own words (the exception filter answers those with an http code).
 */
function fieldErrors(errors: ValidationError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const first = Object.values(e.constraints ?? {})[0];
    if (first) out[e.property] = first;
  }
  return out;
}

export const createValidationPipe = () =>
  new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const fields = fieldErrors(errors);
      const message = Object.values(fields)[0] ?? API_CODES.invalidRequest;
      return new BadRequestException({ message, fields });
    },
  });
