export * from './errors';
export * from './list';
export * from './lookups';
export * from './performer-options';
export * from './settings';
export * from './socket';
export * from './users';
export * from './validation';
