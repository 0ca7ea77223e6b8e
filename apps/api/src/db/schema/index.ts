export * from './files';
export * from './sessions';
export * from './settings';
export * from './social';
export * from './users';
