import { queryOptions, useMutation } from '@tanstack/react-query';
import type { FileType } from '@portal/libs';
import { api } from './http';
import { upload } from './upload';

/** A slot's phone link, as the desktop gets it (the QR code drawn by the api, as SVG, so no QR library ships). */
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

/** The link as the phone sees it. Not retried: a refused link (expired, used) is answered at once. */
export const phoneLinkQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['phone', token], queryFn: () => phoneApi.view(token), retry: false });

/** The link's state as the desktop follows it, asked again every `every` ms while its dialog is open. */
export const phoneLinkStateQueryOptions = (linkId: string | undefined, every: number) =>
  queryOptions({
    queryKey: ['phone-link', linkId],
    queryFn: () => phoneApi.state(linkId ?? ''),
    enabled: !!linkId,
    refetchInterval: every,
  });

/** What a slot's new phone link is for: the slot, and the language of the page the phone opens. */
export type PhoneLinkRequest = { applicationId: string; fileType: FileType; monthLabel?: string; language: string };

export const useCreatePhoneLink = () =>
  useMutation({
    mutationFn: (r: PhoneLinkRequest) => phoneApi.create(r.applicationId, r.fileType, r.monthLabel, r.language),
  });

/** A link is revoked quietly: one that cannot be revoked expires on its own. */
export const useRevokePhoneLink = () =>
  useMutation({ mutationFn: (linkId: string) => phoneApi.revoke(linkId).catch(() => undefined) });

export type PhotosRequest = { photos: File[]; onProgress: (fraction: number) => void };

/** The phone page's photos, sent through its link. */
export const useSendPhotos = (token: string) =>
  useMutation({ mutationFn: (r: PhotosRequest) => phoneApi.send(token, r.photos, r.onProgress) });

/**
 * Photos taken on a phone for a slot of its own page: the same conversion to one PDF as a phone link's,
 * through a link made for the purpose.
 */
export const useSendSlotPhotos = () =>
  useMutation({
    mutationFn: async (r: PhoneLinkRequest & PhotosRequest) => {
      const link = await phoneApi.create(r.applicationId, r.fileType, r.monthLabel, r.language);
      return phoneApi.send(link.token, r.photos, r.onProgress);
    },
  });

/** When a link ends, as a time of day ('3:45 PM', '15 h 45'). Here, not in format.ts: the first visit never needs it. */
export const timeOfDay = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
