import { matchRoutes } from 'react-router';
import { routes } from './routes';

/** The answers so far: the route table never changes, and matching it ranks every route anew. */
const answers = new Map<string, boolean>();

/**
 * Whether the app has a screen at a path, not only the catch-all that answers unknown paths. The
 * sidebar and the dashboard link only to screens that exist, so a module appears there the day its
 * routes land, and never before. The sidebar asks for each of its entries on every render.
 */
export const hasScreen = (path: string): boolean => {
  let answer = answers.get(path);
  if (answer === undefined) {
    const leaf = matchRoutes(routes, path)?.at(-1);
    answer = leaf !== undefined && leaf.route.path !== '*';
    answers.set(path, answer);
  }
  return answer;
};
