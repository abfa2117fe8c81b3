/**
 * The journey pages whose frame index.html shows as soon as the session check says the visitor
 * is signed in and stands on that page (prerender.tsx renders it at build; vite.config.ts fetches these
 * pages' scripts without compiling them before that paint): the page's card, heading and lead, by their keys,
 * as the page itself draws them (features/journey/financial-page.tsx, owners-page.tsx). Pages whose lead
 * depends on the application (the statements' months) are not framed.
 */
export const JOURNEY_SHELLS: Record<string, { card: 'narrow' | 'wide'; title: string; lead: string }> = {
  '/financial': { card: 'narrow', title: 'financial.title', lead: 'financial.lead' },
  '/owners': { card: 'wide', title: 'owners.title', lead: 'owners.lead' },
};
