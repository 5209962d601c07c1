import { useQuery } from '@tanstack/react-query';
import { formatStamp } from '../../../shared/ui/dates.ts';
import { shownMac } from '../wfl-display.ts';
import { ClosablePanel, type WflPanelProps } from './ClosablePanel.tsx';
import { Facts } from './HubPanel.tsx';
import { linkQueryOptions } from './queries.ts';

const coordinate = (v: number | null) => (v === null ? 'none' : String(v));

/** Link panel: where the WFL is (its location row) and the account it belongs to. */
export function LinkPanel({ wflId, onClose }: WflPanelProps) {
  const q = useQuery(linkQueryOptions(wflId));
  const l = q.data;
  return (
    <ClosablePanel title="Link" onClose={onClose} q={q}>
      {l && (
        <Facts
          label="Link"
          rows={[
            ['WFL', `${l.wfl.wfl_id} · ${l.wfl.name} · ${shownMac(l.wfl)}`],
            ['Account', `${l.account.user_id} · ${l.account.email}`],
            ['Name', `${l.account.name} (${l.account.username})`],
            ['Account active', l.account.active],
            ['Links of the account', l.account.links],
            ['Latitude', l.location ? coordinate(l.location.lat) : 'no location'],
            ['Longitude', l.location ? coordinate(l.location.long) : 'no location'],
            ['Energy', l.location?.energy ? 'yes' : 'no'],
            ['Added', formatStamp(l.location?.created ?? l.wfl.created)],
          ]}
        />
      )}
    </ClosablePanel>
  );
}
