export * from './game';
export * from './money';
export * from './platform';
export * from './tickets';
export * from './users';
export * from './results';
