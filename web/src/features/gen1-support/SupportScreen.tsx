import { getRouteApi } from '@tanstack/react-router';
import { useCallback } from 'react';
import { findScreen } from '../menu/screens.ts';
import { SupportDetail } from './detail/SupportDetail.tsx';
import { Gen1SearchScreen, type SetSearch } from './search/Gen1SearchScreen.tsx';

const route = getRouteApi('/_auth/support');

/**
 * The legacy support page (core spec §2): the basic box with autocomplete, More for the advanced
 * options, Debug, the result table and the support user detail. The search lives in the URL.
 */
export function SupportScreen() {
  const navigate = route.useNavigate();
  const setSearch: SetSearch = useCallback(
    (update, replace) => void navigate({ search: update, replace }),
    [navigate],
  );
  return (
    <Gen1SearchScreen
      title="Support"
      access={findScreen('/support')?.access ?? ['support', 'dev']}
      search={route.useSearch()}
      setSearch={setSearch}
      form={{ userLabel: 'User', moreToggle: true, suggest: true }}
      debuggable
      detail={(userId, onClose) => <SupportDetail key={userId} userId={userId} onClose={onClose} />}
    />
  );
}
