import { findScreen } from '../../shared/menu/screens.ts';
import { SupportDetail } from './detail/SupportDetail.tsx';
import { Gen1SearchScreen } from './search/Gen1SearchScreen.tsx';
import { useGen1SearchUrl } from './search/use-gen1-search-url.ts';

/**
 * The legacy support page (core spec §2): the basic box with autocomplete, More for the advanced
 * options, Debug, the result table and the support user detail. The search lives in the URL.
 */
export function SupportScreen() {
  const { search, setSearch } = useGen1SearchUrl('/_auth/support');
  return (
    <Gen1SearchScreen
      title="Support"
      access={findScreen('/support')?.access ?? ['support', 'dev']}
      search={search}
      setSearch={setSearch}
      form={{ userLabel: 'User', moreToggle: true, suggest: true }}
      debuggable
      detail={(userId, onClose) => <SupportDetail key={userId} userId={userId} onClose={onClose} />}
    />
  );
}
