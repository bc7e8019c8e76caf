export * from './constants';
export * from './spaces/space-security';
export * from './identity/groups';
export * from './home/scenario-list';
export * from './scenario/schema';
