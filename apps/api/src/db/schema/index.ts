export * from './tenants';
export * from './members';
export * from './auth';
export * from './llm-models';
export * from './chatbots';
export * from './sessions';
export * from './credits';
export * from './announcements';
