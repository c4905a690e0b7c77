export * from './tenancy';
export * from './chat';
export * from './announcements';
