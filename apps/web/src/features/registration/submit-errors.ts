import { ApiError, isApiError } from '../../lib/api';

/**
 * A taken phone is the phone field's problem: the server answers CUSTOMER_EXISTS without naming the
 * field, so the message is put under it rather than above the form.
 */
export const onPhoneField = (error: unknown) => {
  if (isApiError(error) && error.code === 'CUSTOMER_EXISTS' && !error.fields)
    return new ApiError({ ...error.body, fields: { customer_phone: error.message } }, { cause: error });
  return error;
};
