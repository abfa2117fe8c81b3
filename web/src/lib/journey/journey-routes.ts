import {
  INITIAL_POSITION,
  isStageName,
  JOURNEY_STAGES,
  PAGE_STAGES,
  pageStepFor,
  positionOf,
  ROUTE_PAGES,
  type JourneyPosition,
  type StageName,
} from '@portal/libs';

/** The giggle-finance page stands in for the business question (a business not started yet). */
export const GIGGLE_ROUTE = '/giggle-finance';
const GIGGLE_STAGE = positionOf('BUSINESS', 1) ?? INITIAL_POSITION;

/** Every stage step in journey order, from the libs table (the one place the order is written). */
const ALL_POSITIONS: JourneyPosition[] = JOURNEY_STAGES.flatMap((s) =>
  s.paths.map((path, i) => ({ pageName: s.name, pageStep: i + 1, path })),
);

const rank = (p: { pageName: StageName; pageStep: number }) =>
  ALL_POSITIONS.findIndex((q) => q.pageName === p.pageName && q.pageStep === p.pageStep);
export const isBefore = (a: JourneyPosition, b: JourneyPosition) => rank(a) < rank(b);
export const samePosition = (a: JourneyPosition, b: JourneyPosition) =>
  a.pageName === b.pageName && a.pageStep === b.pageStep;

/** The saved stage as the server keeps it, or the first stage when it has none (a new application). */
export function asPosition(stage: { pageName: string; pageStep: number } | undefined): JourneyPosition {
  if (!stage || !isStageName(stage.pageName)) return INITIAL_POSITION;
  return positionOf(stage.pageName, stage.pageStep) ?? INITIAL_POSITION;
}

/**
 * The step the applicant is on at a route: the saved step when it is on this route (a page with two
 * steps opens where they left off), else the route's last step (they came back to it).
 */
export function positionOnRoute(route: string, saved: JourneyPosition): JourneyPosition | undefined {
  if (route === GIGGLE_ROUTE) return GIGGLE_STAGE;
  const steps = ALL_POSITIONS.filter((p) => p.path === route);
  return steps.find((p) => samePosition(p, saved)) ?? steps.at(-1);
}

const BEFORE_OPPORTUNITY = ['/financial', '/business', '/owners', '/signature', GIGGLE_ROUTE];

/**
 * The step a history entry of `route` showed (Back or Forward to it), when it may show it again: a step of
 * the answers' pages not ahead of the saved stage. The offers' steps are not: a submission lies between them.
 */
export function stepShown(
  route: string,
  step: number | undefined,
  saved: JourneyPosition,
): JourneyPosition | undefined {
  if (step === undefined || route === GIGGLE_ROUTE || !BEFORE_OPPORTUNITY.includes(route)) return undefined;
  const shown = ALL_POSITIONS.find((p) => p.path === route && p.pageStep === step);
  return shown && !isBefore(saved, shown) ? shown : undefined;
}
const AFTER_OPPORTUNITY = ['/bank-statements', '/offers'];

/**
 * The route guard: once an opportunity exists, the pages before it send the applicant to /offers (or
 * to a saved /bank-statements or /offers). Before that, a page ahead of the saved stage sends them to
 * the saved stage: nobody skips a step by typing a URL. Answers the route to show.
 */
export function guardRoute(route: string, saved: JourneyPosition, sfOpportunityId?: string): string {
  const savedPath = saved.path.toLowerCase();
  if (sfOpportunityId && BEFORE_OPPORTUNITY.includes(route))
    return AFTER_OPPORTUNITY.includes(savedPath) ? savedPath : '/offers';
  const at = positionOnRoute(route, saved);
  return at && isBefore(saved, at) ? savedPath : route;
}

/** The progress bar's stage and step on a route: the client page-step mapping. */
export function progressOn(route: string, saved: JourneyPosition): { stage: StageName; step: number } | undefined {
  const page = ROUTE_PAGES[route];
  if (page) return { stage: PAGE_STAGES[page], step: pageStepFor(page, saved) };
  const first = ALL_POSITIONS.find((p) => p.path === route);
  return first ? { stage: first.pageName, step: first.pageStep } : undefined;
}
