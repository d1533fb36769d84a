export * from './permissions';
export * from './use-permissions';
