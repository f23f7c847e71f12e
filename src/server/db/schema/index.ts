export * from './activity.ts';
export * from './auth.ts';
export * from './expenses.ts';
export * from './groups.ts';
export * from './notifications.ts';
export * from './platform.ts';
export * from './profiles.ts';
export * from './storage.ts';
