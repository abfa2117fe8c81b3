import type { StageName } from './stages';

/** The client's page names: the stages plus the owners page and the offer step. */
export type ClientPageName = 'PERSONAL' | 'FINANCIAL' | 'BUSINESS' | 'OWNER' | 'OFFER';

/** Which client page each route is, for the routes that have one. */
export const ROUTE_PAGES: Record<string, ClientPageName> = {
  '/sign-up': 'PERSONAL',
  '/financial': 'FINANCIAL',
  '/business': 'BUSINESS',
  '/giggle-finance': 'BUSINESS',
  '/owners': 'OWNER',
  '/offers': 'OFFER',
};

/** The specification's 'Page-step mapping on the client': the step a page shows, given the user's saved stage. */
export function pageStepFor(page: ClientPageName, stage?: { pageName: string; pageStep: number }): number {
  switch (page) {
    case 'PERSONAL':
    case 'FINANCIAL':
      return stage ? stage.pageStep : 1;
    case 'BUSINESS':
      if (!stage) return 1;
      if (stage.pageName === 'SIGNATURE' || stage.pageName === 'DOCUMENTS') return 3;
      if (stage.pageName === 'BUSINESS' && stage.pageStep === 3) return 2;
      return stage.pageStep;
    case 'OWNER':
      return 4;
    case 'OFFER':
      return stage?.pageName === 'DOCUMENTS' && stage.pageStep !== 1 ? stage.pageStep : 2;
  }
}

/** The stage a page belongs to on the progress bar. */
export const PAGE_STAGES: Record<ClientPageName, StageName> = {
  PERSONAL: 'PERSONAL',
  FINANCIAL: 'FINANCIAL',
  BUSINESS: 'BUSINESS',
  OWNER: 'BUSINESS',
  OFFER: 'DOCUMENTS',
};
