export * from './audit-trail';
export * from './audit-diff';
export * from './service-monitor';
