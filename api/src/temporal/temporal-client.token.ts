/** The Temporal client's injection token (its own file: the module and the door both need it). */
export const TEMPORAL_CLIENT = Symbol('TEMPORAL_CLIENT');
