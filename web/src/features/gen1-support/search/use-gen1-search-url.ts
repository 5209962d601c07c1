import { getRouteApi } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { SetSearch } from './Gen1SearchScreen.tsx';

/** The Gen1 search screens: both keep their search in the URL with the same schema. */
export type Gen1SearchRouteId = '/_auth/support' | '/_auth/user-dataaccess';

/** A Gen1 search screen's URL search and a stable way to change it. */
export function useGen1SearchUrl(routeId: Gen1SearchRouteId) {
  const route = getRouteApi(routeId);
  const navigate = route.useNavigate();
  const setSearch: SetSearch = useCallback(
    (update, replace) => void navigate({ search: update, replace }),
    [navigate],
  );
  return { search: route.useSearch(), setSearch };
}
