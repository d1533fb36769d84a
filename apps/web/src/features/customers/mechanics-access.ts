/**
 * Who may read and give a customer's rights to play: the `{ anyOf }` subjects of
 * `GET`/`POST /customer/wof-rights/{customerId}` (the customer detail and the registration desk). Its
 * own module, so the customer detail decides its tabs without loading the tabs' schemas.
 */
export const gameRightsSubjects = [
  'modules:customers:customer-list',
  'modules:customer-registration:customer-registration',
] as const;

/** The subject of `GET /step-counter`. */
export const stepCounterSubjects = ['modules:customers:customer-list'] as const;
