export * from './password';
export * from './user';
export * from './role';
export * from './session';
export * from './auth-routes';
