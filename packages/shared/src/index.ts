import './zod-setup';

export * from './contracts/auth';
export * from './contracts/common';
export * from './contracts/contact';
export * from './contracts/list';
export * from './contracts/surcussales';
export * from './permissions';
export * from './routes';
