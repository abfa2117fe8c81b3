import { RequestTimeoutException } from '@nestjs/common';
import { FILE_CODES } from '@portal/libs';

/** An upload answered 400 with its message. */
export class UploadRefused extends Error {}

/** 408: the body came too slowly (BODY_PACE). */
export class UploadTooSlow extends RequestTimeoutException {
  constructor() {
    super(FILE_CODES.tooSlow);
  }
}

/** 'Please upload only PDF files.': the answer to every fault of the body the client sent. */
export const pdfOnly = () => new UploadRefused(FILE_CODES.pdfOnly);
