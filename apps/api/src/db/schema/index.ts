export * from './files';
export * from './identities';
export * from './search';
export * from './sessions';
export * from './settings';
export * from './site';
export * from './social';
export * from './users';
