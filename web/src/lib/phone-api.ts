import type { FileType } from '@portal/libs';
import { api, upload } from './http';

/** Issue 27 item 2: a slot's phone link, as the desktop gets it (the QR code drawn by the api, as SVG). */
export type PhoneLink = { linkId: string; token: string; url: string; qrSvg: string; expiresAt: string };
export type PhoneLinkState = 'open' | 'sending' | 'used' | 'revoked' | 'expired';
/** What the phone is told about its link: the slot only. */
export type PhoneLinkView = { fileType: FileType; monthLabel?: string; expiresAt: string; state: 'open' | 'used' };

const tokenPath = (token: string) => `/phone/${encodeURIComponent(token)}`;

export const phoneApi = {
  create: async (applicationId: string, fileType: FileType, monthLabel: string | undefined, language: string) =>
    (
      await api.post<{ data: PhoneLink }>('/file/phone-link', {
        applicationId,
        fileType,
        language,
        ...(monthLabel ? { monthLabel } : {}),
      })
    ).data,
  state: async (linkId: string) =>
    (await api.get<{ data: { state: PhoneLinkState } }>(`/file/phone-link/${linkId}`)).data.state,
  revoke: (linkId: string) => api.delete(`/file/phone-link/${linkId}`),
  view: async (token: string) => (await api.get<{ data: PhoneLinkView }>(tokenPath(token))).data,
  /** The photos, in order, sent at once: the api makes them one PDF for the link's slot. */
  send: async (token: string, photos: File[], onProgress: (fraction: number) => void) => {
    const form = new FormData();
    photos.forEach((p, i) => form.append('photo', p, p.name || `photo-${i + 1}.jpg`));
    return (await upload<{ data: { pages: number } }>(`${tokenPath(token)}/photos`, form, onProgress)).data;
  },
};

/** When a link ends, as a time of day ('3:45 PM', '15 h 45'). Here, not in format.ts: the first visit never needs it. */
export const timeOfDay = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
