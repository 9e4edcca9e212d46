import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { experimentHref } from '../experiment-link.js';

export interface OpenExperiment {
  /** The link to an experiment from the current page (filters and tab kept). */
  href: (id: number) => string;
  /** Goes there in the app (the dashboard opens its details). */
  open: (id: number) => void;
}

/**
 * Links to an experiment from the current dashboard URL. `href` and `open` keep their identity
 * while the URL changes (they read it through a ref), so the map's layer, which captures them,
 * is not rebuilt when a filter or the open experiment changes.
 */
export function useOpenExperiment(): OpenExperiment {
  const location = useLocation();
  const navigate = useNavigate();
  const current = useRef({ location, navigate });
  useEffect(() => {
    current.current = { location, navigate };
  }, [location, navigate]);
  const href = useCallback((id: number) => {
    const { pathname, search } = current.current.location;
    return experimentHref(pathname, search, id);
  }, []);
  const open = useCallback((id: number) => void current.current.navigate(href(id)), [href]);
  return { href, open };
}
