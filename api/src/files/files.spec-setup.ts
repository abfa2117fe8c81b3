// The journey up to the statements step, through the api as the browser walks it, for the files specs.
import type { ApiClient } from '../../../tests/support/api-client';
import { throughSigning } from '../../../tests/support/through-signing';

/** Answers, a completed signature and the stage at /bank-statements, through the api as the browser does. */
export const signedApplication = (client: ApiClient): Promise<string> => throughSigning(client);
