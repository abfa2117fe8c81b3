import { JOURNEY_STAGES, PAGE_STAGES, pageStepFor, ROUTE_PAGES, type StageName } from '@portal/libs';

export type StageFill = { name: StageName; number: number; percent: number; current: boolean };

/** Section 2: the current stage fills step / steps; earlier stages are full, later ones empty. */
export function stageFills(current: StageName, step: number): StageFill[] {
  const at = JOURNEY_STAGES.findIndex((s) => s.name === current);
  return JOURNEY_STAGES.map((s, i) => ({
    name: s.name,
    number: i + 1,
    current: i === at,
    percent: i < at ? 100 : i > at ? 0 : Math.round((Math.min(step, s.paths.length) / s.paths.length) * 100),
  }));
}

export const MOBILE_STAGE_COUNT = 3;

/** On mobile three stages show, starting at the current one (kept three near the end). */
export function mobileWindow(fills: StageFill[]): StageFill[] {
  const at = Math.max(
    0,
    fills.findIndex((f) => f.current),
  );
  const start = Math.min(at, fills.length - MOBILE_STAGE_COUNT);
  return fills.slice(start, start + MOBILE_STAGE_COUNT);
}

/** Where each route sits in the journey by default; pages with several steps pass their own step. */
export const ROUTE_POSITIONS: Record<string, { stage: StageName; step: number }> = {
  '/sign-up': { stage: 'PERSONAL', step: 1 },
  '/financial': { stage: 'FINANCIAL', step: 1 },
  '/business': { stage: 'BUSINESS', step: 1 },
  '/giggle-finance': { stage: 'BUSINESS', step: 1 },
  '/owners': { stage: 'BUSINESS', step: 3 },
  '/signature': { stage: 'SIGNATURE', step: 1 },
  '/bank-statements': { stage: 'DOCUMENTS', step: 1 },
  '/offers': { stage: 'DOCUMENTS', step: 2 },
};

/** The progress bar's stage and step on a route: the client page-step mapping where the route has a page. */
export function progressFor(
  path: string,
  saved?: { pageName: string; pageStep: number },
): { stage: StageName; step: number } | undefined {
  const page = ROUTE_PAGES[path];
  if (page) return { stage: PAGE_STAGES[page], step: pageStepFor(page, saved) };
  return ROUTE_POSITIONS[path];
}

export const stageLabel = (name: StageName) => name.charAt(0) + name.slice(1).toLowerCase();
