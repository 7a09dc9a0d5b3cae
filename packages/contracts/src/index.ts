export * from './common/errors';
export * from './common/lists';
export * from './common/states';
export * from './auth/index';
export * from './organisation/index';
export * from './navigation/index';
export * from './kit/define-entity';
export * from './ledger/setup-entities';
