/** The support line, named in the side menu and in the legal pages. */
export const SUPPORT_PHONE = '(888) 555-0142';
export const SUPPORT_PHONE_HREF = `tel:+1${SUPPORT_PHONE.replace(/\D/g, '')}`;
