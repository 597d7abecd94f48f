export * from './game';
export * from './money';
export * from './platform';
export * from './results';
export * from './tickets';
export * from './users';
