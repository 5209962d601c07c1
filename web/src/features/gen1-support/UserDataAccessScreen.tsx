import { findScreen } from '../../shared/menu/screens.ts';
import { AccountDetail } from './detail/AccountDetail.tsx';
import type { AdvancedOption } from './search/criteria.ts';
import { Gen1SearchScreen } from './search/Gen1SearchScreen.tsx';
import { useGen1SearchUrl } from './search/use-gen1-search-url.ts';

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
  const { search, setSearch } = useGen1SearchUrl('/_auth/user-dataaccess');
  return (
    <Gen1SearchScreen
      title="User Data Access"
      access={findScreen('/user-dataaccess')?.access ?? ['accounts']}
      search={search}
      setSearch={setSearch}
      form={{ userLabel: 'User', moreToggle: false, labels: LABELS, suggest: true }}
      detail={(userId, onClose) => <AccountDetail key={userId} userId={userId} onClose={onClose} />}
    />
  );
}
