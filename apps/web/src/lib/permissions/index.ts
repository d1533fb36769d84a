export * from './permissions';
export * from './role-name';
export * from './use-permissions';
