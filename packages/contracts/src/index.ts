export * from './common';
export * from './spaces';
export * from './users';
export * from './tokens';
export * from './resims';
export * from './client-log';
export * from './web-config';
export * from './runs';
