export * from './AuthProvider';
export { httpAuthClient } from './http-auth-client';
export * from './types';
