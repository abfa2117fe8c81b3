/**
 * Issue 26: the journey pages whose frame index.html shows as soon as the session check says the visitor
 * is signed in and stands on that page (prerender.tsx renders it at build; vite.config.ts fetches these
 * pages' scripts without compiling them before that paint): the page's heading and lead, by their keys.
 */
export const JOURNEY_SHELLS: Record<string, { title: string; lead: string }> = {
  '/financial': { title: 'financial.title', lead: 'financial.lead' },
};
