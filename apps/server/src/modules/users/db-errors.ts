/** True for PostgreSQL's unique_violation, as node-postgres and PGlite report it (drizzle wraps it in `cause`). */
export const isUniqueViolation = (error: unknown): boolean => {
  const codeOf = (value: unknown) =>
    typeof value === 'object' && value !== null && 'code' in value ? value.code : undefined;
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? error.cause : undefined;
  return codeOf(error) === '23505' || codeOf(cause) === '23505';
};
