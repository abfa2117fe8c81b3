/** The emailed code's input, as the code step (sign-up, login) and the password reset show it. */
export const CODE_INPUT = { name: 'code', inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } as const;

/** What the code's input keeps of what is typed: its digits. */
export const digits = (typed: string) => typed.replace(/\D/g, '');
