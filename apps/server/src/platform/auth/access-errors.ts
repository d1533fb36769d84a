import { AppError } from '../errors';

/** No valid staff token: the same answer whatever was wrong with it, so a guesser learns nothing. */
export const unauthorized = () => new AppError('UNAUTHORIZED', 401);
export const forbidden = () => new AppError('FORBIDDEN', 403);
