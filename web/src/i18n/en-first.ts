/**
 * The English words of the first visit: the shell (top bar, menu, progress bar, loading and error
 * states, the not-found page) and the /sign-up page with its code step. They come with the entry; the
 * rest of the catalogue (en.ts) comes with the first other page (loadAllWords, router.tsx). The
 * catalogue test checks that the code the first visit loads names no other key.
 */
export const enFirst = {
  app: {
    home: 'Fundwise home',
    skipToContent: 'Skip to main content',
    loading: 'Loading your application...',
    loadingShort: 'Loading...',
    unknownError: 'Unknown error',
    tryAgain: 'Try again',
    back: 'Back',
    continue: 'Continue',
    proceed: 'Proceed',
    select: 'Select…',
  },
  shell: {
    menu: 'Menu',
    privacyPolicy: 'Privacy policy',
    termsOfUse: 'Terms of use',
    accessibility: 'Accessibility',
    support: 'Support: {{phone}}',
    signOut: 'Sign out',
    logIn: 'Log in',
    signOutQuestion: 'Are you sure you want to log out?',
    stayLoggedIn: 'No, stay logged in',
    logMeOut: 'Yes, log me out',
    language: 'Language',
    status: 'Where do I stand',
    downloadMyData: 'Download my data',
  },
  // What Intl has no format for: a phone number's shape, a size in bytes.
  format: {
    phone: '({{area}}) {{exchange}}-{{line}}',
    bytes: '{{n}} B',
  },
  progress: {
    label: 'Application progress',
    stageProgress: '{{stage}} progress',
    stages: {
      PERSONAL: 'Personal',
      FINANCIAL: 'Financial',
      BUSINESS: 'Business',
      SIGNATURE: 'Signature',
      DOCUMENTS: 'Documents',
    },
  },
  form: {
    errorSummaryTitle: 'There is a problem',
    errorSummaryIntro_one: 'Please correct this field:',
    errorSummaryIntro_other: 'Please correct these {{count}} fields:',
    show: 'Show',
    hide: 'Hide',
    passwordStrength: 'Password strength: {{label}}',
    strength: {
      'Very Weak': 'Very Weak',
      Weak: 'Weak',
      Moderate: 'Moderate',
      Strong: 'Strong',
      Excellent: 'Excellent',
    },
  },
  signUp: {
    title: 'Apply for a Business Loan',
    lead: 'Tell us about you. It takes about a minute and won’t affect your credit.',
    firstName: 'First name',
    lastName: 'Last name',
    businessName: 'Business name',
    phone: 'Phone',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm password',
    haveAccount: 'Already have an account? Login!',
    trustLabel: 'Why apply with us',
    trusted: 'Trusted by {{n}}+ business owners',
    trustEncrypted: 'Your application is encrypted',
    trustCountries: 'For businesses in the US and Canada',
    trustMonths: 'In business at least 3 months',
    trustOwnership: 'A combined 50% ownership across applicants',
  },
  code: {
    title: 'Check your email',
    sent: 'We sent a 6-digit code to <strong>{{destination}}</strong>. Enter it below to confirm your email address.',
    yourEmail: 'your email',
    label: 'Confirmation code',
    confirm: 'Confirm',
    resendIn: 'Resend code in {{seconds}}s',
    resend: 'Resend code',
    changeEmail: 'Wrong email? Change it',
  },
  notFound: {
    title: 'We couldn’t find that page',
    lead: 'The link may be old, or the address mistyped.',
    home: 'Go to my application',
  },
};
