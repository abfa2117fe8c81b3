/** The words of "Delete my account" (web/src/features/privacy/erase-account-page.tsx). */
export const enErase = {
  eraseAccount: {
    title: 'Delete my account',
    loading: 'Checking what deleting your account would keep…',
    allGoes:
      'Your account and everything we hold about you will be deleted: your answers, your documents, the drafts you were typing, your application’s history and the record our team worked from.',
    cannotUndo: 'This cannot be undone. To apply again, you would start a new application.',
    emailsSent:
      'Emails we have already sent to your own mailbox cannot be recalled: they are yours to delete there. We keep no copy of them.',
    submittedIntro:
      'Your application was submitted to a lender. The law requires the lender to keep some records for a time; everything else will be deleted.',
    keptTitle: 'What is kept, and why',
    kept: {
      signedApplication: 'Your signed application',
      opportunity: 'The application file the lender received, with the documents you sent',
      identity: 'Your identity and that of the business’s owners (names, dates of birth, tax numbers, addresses)',
    },
    keptWhere:
      'They are kept in our document storage, in our customer records (Salesforce) and, for the signed application, with the e-signature service that collected your signature (Box).',
    whyUS:
      'Lenders must keep these records for {{years}} years to fight money laundering and fraud (the Bank Secrecy Act).',
    whyCA:
      'Lenders must keep these records for {{years}} years to fight money laundering and fraud (the Proceeds of Crime (Money Laundering) and Terrorist Financing Act).',
    until: 'They will be deleted on {{date}}. No one will contact you about this application again.',
    everythingElse:
      'Everything else goes now: your sign-in, the drafts you were typing, your application’s history, your bank connection and your offers.',
    password: 'Password',
    passwordHint: 'Enter your password to confirm it is you.',
    submit: 'Delete my account',
    deleting: 'Deleting…',
    doneTitle: 'Your account is being deleted',
    done: 'You are signed out. The deletion finishes within a few minutes.',
    home: 'Go to the home page',
  },
};
