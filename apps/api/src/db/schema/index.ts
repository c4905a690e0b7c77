/**
 * Every table, for db/client and drizzle-kit (apps/api/drizzle.config.ts). Each table is declared
 * in the file named after the module that owns it (decision 055); a module's repo imports its own
 * file, never this one and never another module's (platform/module-tables.test.ts).
 */
export * from './announcements';
export * from './apikeys';
export * from './auth';
export * from './billing';
export * from './categories';
export * from './chatbots';
export * from './credits';
export * from './dashboards';
export * from './files';
export * from './governance';
export * from './invitations';
export * from './llm-models';
export * from './members';
export * from './sessions';
export * from './sign-up';
export * from './sso';
export * from './task-modes';
export * from './tasks';
export * from './tenants';
export * from './tools';
export * from './web-search';
