import { matchRoutes } from 'react-router';
import { routes } from './routes';

/**
 * Whether the app has a screen at a path, not only the catch-all that answers unknown paths. The
 * sidebar and the dashboard link only to screens that exist, so a module appears there the day its
 * routes land, and never before.
 */
export const hasScreen = (path: string): boolean => {
  const leaf = matchRoutes(routes, path)?.at(-1);
  return leaf !== undefined && leaf.route.path !== '*';
};
