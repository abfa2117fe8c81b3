export * from './application/activities';
export * from './application/messages';
export * from './codec';
export * from './application/lifecycle';
export * from './application/operator-queries';
export * from './privacy/data-export';
export * from './application-keys';
export * from './erasure/activities';
