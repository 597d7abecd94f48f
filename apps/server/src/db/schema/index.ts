export * from './game';
export * from './platform';
export * from './tickets';
export * from './users';
