// The phone library's side of libs (libs/src/validation/phone.ts, libphonenumber-js): imported only through
// lib/phone.ts's import(), so it is a chunk of its own, never in the first visit or a page's own chunks.
export { formatPhone, phoneE164 } from '@portal/libs';
