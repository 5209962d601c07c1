import { getRouteApi } from '@tanstack/react-router';
import { useCallback } from 'react';
import { findScreen } from '../menu/screens.ts';
import { AccountDetail } from './detail/AccountDetail.tsx';
import type { AdvancedOption } from './search/criteria.ts';
import { Gen1SearchScreen, type SetSearch } from './search/Gen1SearchScreen.tsx';

const route = getRouteApi('/_auth/user-dataaccess');

/** The criteria as this screen names them (core spec §2 /user-dataaccess). */
const LABELS: Record<AdvancedOption, string> = {
  mac: 'Hub MAC',
  wfl: 'Hub name or id',
  serial: 'Device name or serial',
  deviceId: 'Device id',
  firmware: 'Firmware',
  commercial: 'Commercial users',
};

/**
 * Customer search (core spec §2 /user-dataaccess?searchterm): criteria, a paged result table and
 * a read-only detail view. A searchterm in the URL runs the search.
 */
export function UserDataAccessScreen() {
  const navigate = route.useNavigate();
  const setSearch: SetSearch = useCallback(
    (update, replace) => void navigate({ search: update, replace }),
    [navigate],
  );
  return (
    <Gen1SearchScreen
      title="User Data Access"
      access={findScreen('/user-dataaccess')?.access ?? ['accounts']}
      search={route.useSearch()}
      setSearch={setSearch}
      form={{ userLabel: 'User', moreToggle: false, labels: LABELS, suggest: true }}
      detail={(userId, onClose) => <AccountDetail key={userId} userId={userId} onClose={onClose} />}
    />
  );
}
