export * from './definitions';
export * from './running';
