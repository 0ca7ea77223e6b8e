export * from './files';
export * from './search';
export * from './sessions';
export * from './settings';
export * from './social';
export * from './users';
