// The JSON Box answers for each of the e-sign stand-in's records, field for field as box-node-sdk reads it.
import type { Folder, SignRequest, StoredFile } from './types';

const sentOrLater = (r: SignRequest) => !['converting', 'created'].includes(r.status) && !r.status.startsWith('error');

export const folderJson = (f: Folder) => ({
  type: 'folder',
  id: f.id,
  etag: '0',
  sequence_id: '0',
  name: f.name,
  parent: { type: 'folder', id: f.parentId },
});

export const fileJson = (f: StoredFile) => ({
  type: 'file',
  id: f.id,
  etag: '0',
  sequence_id: '0',
  name: f.name,
  sha1: f.sha1,
  size: f.size,
  file_version: { type: 'file_version', id: `${f.id}1`, sha1: f.sha1 },
  parent: { type: 'folder', id: f.parentId },
});

/** A sign request as Box answers it; its signers' links only once it is sent (`url`: the stand-in's own). */
export const requestJson = (r: SignRequest, url: string) => ({
  type: 'sign-request',
  id: r.id,
  status: r.status,
  short_id: r.id.slice(0, 8).toUpperCase(),
  created_at: r.created_at,
  finished_at: r.finished_at,
  auto_expire_at: null,
  is_document_preparation_needed: false,
  prepare_url: null,
  redirect_url: null,
  declined_redirect_url: null,
  are_text_signatures_enabled: true,
  are_reminders_enabled: false,
  email_subject: null,
  email_message: null,
  name: r.name,
  days_valid: null,
  external_id: r.external_id,
  prefill_tags: [],
  source_files: [{ type: 'file', id: r.sourceFileId }],
  parent_folder: { type: 'folder', id: r.parentFolderId, etag: '0', sequence_id: '0' },
  signers: r.signers.map((s, i) => ({
    email: s.email,
    role: s.role,
    is_in_person: false,
    order: s.order,
    ...(s.embed_url_external_user_id ? { embed_url_external_user_id: s.embed_url_external_user_id } : {}),
    ...(s.redirect_url ? { redirect_url: s.redirect_url } : {}),
    ...(s.declined_redirect_url ? { declined_redirect_url: s.declined_redirect_url } : {}),
    ...(s.language ? { language: s.language } : {}),
    has_viewed_document: s.has_viewed_document,
    signer_decision: s.signer_decision,
    inputs: [],
    // Box hands out signing links once the document is converted and the request sent.
    embed_url: s.embed_url_external_user_id && sentOrLater(r) ? `${url}/sign/${r.id}/${i}?t=${s.token}` : null,
    iframeable_embed_url:
      s.embed_url_external_user_id && sentOrLater(r) ? `${url}/sign/${r.id}/${i}?t=${s.token}&embed=1` : null,
  })),
  ...(r.signedFileId
    ? {
        sign_files: {
          files: [{ type: 'file', id: r.signedFileId, etag: '0', sequence_id: '0', name: r.name }],
          is_ready_for_download: r.status === 'signed',
        },
      }
    : {}),
});
