export * from './contracts/auth';
export * from './contracts/common';
export * from './contracts/contact';
export * from './permissions';
export * from './routes';
