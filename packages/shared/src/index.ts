export * from './permissions';
export * from './contracts/common';
export * from './contracts/auth';
export * from './contracts/contact';
export * from './routes';
