/**
 * What the workflow code takes from libs, by this path (`@portal/libs/dist/workflow`) and not the index: the
 * workflow sandbox evaluates a run's modules afresh for every run (and again for every replay), and the index
 * brings the whole of libs with it, the phone numbers' metadata among it. Types may still come from the index
 * (`import type`), which leaves nothing in the bundle.
 */
export * from './journey/errors';
export * from './journey/moves';
export * from './journey/stages';
export * from './crm/lead-country';
