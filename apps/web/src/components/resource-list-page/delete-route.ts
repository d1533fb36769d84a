import { isObjectId } from '@avlu/contracts';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { DeleteRouteState } from './ResourceListPage';

/**
 * The record a `…/{id}/delete` route is about: its id (undefined when the parameter is not an id)
 * and the name the list handed over, if it came from the list.
 */
export const useDeleteTarget = (param: string) => {
  const params = useParams();
  const location = useLocation();
  const id = params[param];
  return {
    id: isObjectId(id) ? id : undefined,
    name: (location.state as DeleteRouteState | null)?.name,
  };
};

type DeleteRouteOptions = {
  id: string | undefined;
  /** The record's name once known; undefined while it loads, null when it cannot be found. */
  name: string | null | undefined;
  /** The list page the route lies under; the user returns there with its page and search kept. */
  listPath: string;
  /** Asks and removes (useConfirmedRemove). */
  remove: (id: string, content?: ReactNode) => Promise<boolean>;
};

/**
 * The `…/{id}/delete` routes of spec §2: a child of the list page that asks to delete the record,
 * deletes it when confirmed, and goes back to the list either way. A deep link works too.
 */
export const useDeleteRoute = ({ id, name, listPath, remove }: DeleteRouteOptions) => {
  const navigate = useNavigate();
  const { search } = useLocation();
  const asked = useRef<string | null>(null);
  const removeRef = useRef(remove);
  removeRef.current = remove;

  useEffect(() => {
    const back = () => navigate({ pathname: listPath, search }, { replace: true });
    if (!id) {
      back();
      return;
    }
    if (name === undefined || asked.current === id) return;
    asked.current = id;
    void removeRef.current(id, name ?? undefined).finally(back);
  }, [id, name, navigate, listPath, search]);
};
