export * from './modules';
export * from './paths';
export * from './operations';
export * from './menu-catalogue';
export * from './menu-permissions';
export * from './routes';
export * from './approvals';
