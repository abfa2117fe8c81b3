/** Every validation message, word for word as the specification has them (misspellings included). */
export const MESSAGES = {
  required: 'This field is required',
  whitespace: 'Input cannot be only whitespace',
  maxLength: (n: number) => `Must be ${n} characters or less`,
  phoneRequired: 'Phone number is required',
  phoneFormat: 'Invalid phone number format',
  // Not in the specification: a number of another country than the US and Canada, with what to do.
  phoneOutsideUsCanada:
    'Please enter a US or Canadian phone number, like (514) 555-0100. Numbers from other countries are not accepted.',
  emailRequired: 'Email is required',
  emailRequiredReset: 'Email is requiured',
  emailInvalid: 'Please enter a valid email address',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordRequired: 'Password is required',
  reEnterPassword: 'Re-enter password',
  codeRequired: 'one time code is required',
  // Not in the specification: a call that never reached the server (offline, a dropped connection), with
  // what to do, rather than a silent button.
  network: 'We could not reach our server. Check your connection and try again.',
  // Not in the specification: the account layer's password policy (8 to 128 characters, docs/security.md),
  // worded plainly.
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be 128 characters or less',
  // Not in the specification either: what a form never sends but a hostile client may, refused by the same
  // rules the api runs.
  invalidValue: 'Invalid value',
  controlCharacters: 'Control characters are not allowed',
  // Not in the specification: a name goes to the CRM, email subjects and the PDF as it is, so markup is
  // refused where it is typed rather than escaped in each of them.
  markup: 'Please remove the < and > characters',
  notANumber: 'Enter a number',
  wholeNumber: 'Enter a whole number',
  negative: 'Must be 0 or more',
  numberTooLarge: 'Must be 99,999,999 or less',
  invalidDate: 'Enter a valid date',
  // Not in the specification: numbers written the way the applicant's language writes them; one that reads
  // two ways is refused rather than guessed.
  ambiguous:
    'This number can be read two ways. Write it like 450,000.50: commas between thousands, a period before the cents.',
  frenchDecimalPoint: 'In French, write the cents after a comma and the thousands with spaces, like 450 000,50.',
  // Three digits after the decimal separator are thousands or a slip, never cents: refused, not cut to 450.00.
  thousandsOrCents: 'Write 450,000 or 450000: a period marks the cents, as in 450,000.50.',
  tooManyDecimals: 'Enter at most 2 decimals',
  // Not in the specification: the CRM's own field lengths (libs/src/crm/fields.ts), so that nothing reaches
  // Salesforce longer than it keeps.
  firstNameTooLong: 'First name must be 40 characters or less',
  lastNameTooLong: 'Last name must be 80 characters or less',
  emailTooLong: 'Email must be 80 characters or less',
  businessNameTooLong: 'Business name must be 255 characters or less',
} as const;

/** Errors of the account layer: the specification's 'Account' errors word for word, and ours where it shows none. */
export const ACCOUNT_MESSAGES = {
  unableToLogin: 'Unable to login',
  unableToConfirm: 'Unable to confirm signup',
  somethingWentWrong: 'Something went wrong',
  noEmailFromUserInfo: 'No email returned from user info',
  unableToGetUserInfo: 'Unable to get user info',
  userNotConfirmed: 'User is not confirmed.',
  incorrectCredentials: 'Incorrect username or password.',
  accountExists: 'An account with this email already exists. Please log in.',
  invalidCode: 'Invalid verification code provided, please try again.',
  expiredCode: 'This code has expired or was tried too many times. Please request a new code.',
  codeFormat: 'Enter the 6-digit code from the email',
  commonPassword: 'This password is too common. Please choose a less common one.',
  resendTooSoon: (seconds: number) => `Please wait ${seconds} seconds before requesting another code.`,
  tooManyAttempts: (seconds: number) => `Too many attempts. Please try again in ${seconds} seconds.`,
  resetPasswordToContinue: 'Too many wrong passwords for this account. Please reset your password to continue.',
  passwordChanged: 'Password change successful!',
  success: 'success',
} as const;

/**
 * The specification's 'Files' rules and the words of its documents page, word for word; below them, ours where it
 * shows none.
 */
export const FILE_MESSAGES = {
  pdfOnly: 'Please upload only PDF files.',
  tooLarge: 'File size should be less than 35MB',
  missingDocuments: (uploaded: number, required: number) =>
    `It looks like you only uploaded ${uploaded} of the required ${required} bank statements, are you sure you want to proceed?`,
  analyzing: 'Analyzing & uploading your documents...',
  unknown: 'An unknown error occurred.',
  // Not in the specification: uploads that would stall everyone else's are answered at once.
  busy: 'We are checking many documents right now. Please try again in a few seconds.',
  tooManyUploads: 'Too many uploads at once. Please wait for your other files to finish, then try again.',
  tooSlow: 'The upload was too slow and was stopped. Please check your connection and try again.',
  slotFull: 'You have uploaded as many files as this document takes. Please remove one to add another.',
  notAtThisStep: 'This document is not asked for yet at this step of your application.',
  applicationSubmitted: 'Your application is submitted: its documents can no longer be added or changed here.',
  monthNotAsked: 'Please upload statements only for the recent months this page asks for.',
  // Not in the specification: the statements changed on another device or tab after this page counted them.
  statementsChanged: 'Your statements changed on another device or tab. Please check them and press Proceed again.',
  // Not in the specification: photos sent from a phone through its link (short: these ship with the first visit).
  photosOnly: 'Please send only JPEG or PNG photos.',
  photoTooBig: 'This photo is too large.',
  tooManyPhotos: 'Please send at most 10 photos at once.',
} as const;

/**
 * The applicant's bank, connected to fetch its statements into their slots: why a connection or a fetch
 * was refused. Uploading the PDFs stays open in every case, and the words say so where it helps.
 */
export const BANK_MESSAGES = {
  connectionOff: 'Connecting a bank is not available right now. Please upload your statements as PDFs.',
  notConnected: 'Your bank is not connected. Please connect it first, or upload your statements as PDFs.',
  alreadySubmitted: 'Your documents are already submitted: no more statements can be fetched from your bank.',
  refused: 'Your bank could not be connected. Please try again.',
  unavailable: 'We could not reach your bank. Please try again, or upload your statements as PDFs.',
  notOfferedInCountry: 'Connecting a Canadian bank is not available yet. Please upload your statements as PDFs.',
  noStatementsAtBank: 'This bank cannot provide statements. Please upload them as PDFs.',
  noAccountShared:
    'Your bank shares no account with us. Please reconnect it and choose the account your statements come from, or upload them as PDFs.',
} as const;
