import type { Db } from 'mongodb';
import { DRAFT_PAGES } from '@portal/libs';
import type { ApiClient } from './api-client';

/** A draft on every journey page of the application, as the web saves one once typing pauses. */
export async function draftEveryPage(client: ApiClient, applicationId: string): Promise<void> {
  for (const page of DRAFT_PAGES) {
    const res = await client.call('PUT', `/draft/${applicationId}/${page}`, { fields: { note: `typed on ${page}` } });
    if (res.status !== 204) throw new Error(`draft of ${page} answered ${res.status}`);
  }
}

/** The pages of the application that have a draft on file, in DRAFT_PAGES' order (read from MongoDB by `_id`). */
export async function pagesWithDrafts(db: Db, applicationId: string): Promise<string[]> {
  const drafts = db.collection<{ _id: string }>('drafts');
  const kept = await Promise.all(DRAFT_PAGES.map((page) => drafts.findOne({ _id: `${applicationId}:${page}` })));
  return DRAFT_PAGES.filter((_, i) => kept[i]);
}
