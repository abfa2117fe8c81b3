/** The Temporal client's injection token (its own file: the module and the door both need it). */
export const TEMPORAL_CLIENT = Symbol('TEMPORAL_CLIENT');
/** The payload data converter with the applications' key vault (the client's, the codec server's). */
export const DATA_CONVERTER = Symbol('DATA_CONVERTER');
