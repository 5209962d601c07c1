import { momentPath, type TimelineEntry, type TopicFilter } from '@console/contracts';
import { memo } from 'react';
import { copyConsoleLink } from '../../shared/ui/CopyLinkButton.tsx';
import { formatClock, formatMomentMs } from '../../shared/ui/dates.ts';
import { JsonViewer } from '../../shared/ui/JsonViewer.tsx';
import { Waterfall } from '../waterfall/Waterfall.tsx';
import css from './TimelineRow.module.css';

/** An entry as the list holds it: with the stream epoch of the page it came in. */
export type Row = TimelineEntry & { epoch: string };

/** A source's badge and an action outcome's (its colour), as classes of `TimelineRow.module.css`. */
const sourceClass = (source: TimelineEntry['source']) => `${css.badge} ${css[`source-${source}`] ?? ''}`;
const outcomeClass = (state: string) =>
  `${css.badge} ${css[`outcome-${state}`] ?? css['outcome-sent'] ?? ''}`;

/** One timeline entry: a line that opens to the stored record; stream entries have a link. */
export const TimelineRow = memo(function TimelineRow({
  row,
  hubId,
  filter,
  open,
  focused,
  onToggle,
  onDelete,
}: {
  row: Row;
  hubId: string;
  filter: TopicFilter;
  open: boolean;
  focused: boolean;
  onToggle: (key: string) => void;
  onDelete: (row: Row) => void;
}) {
  const className = [
    css.row,
    row.source === 'gap' ? css.gap : row.source === 'annotation' ? css.annotation : '',
    focused ? css.focused : '',
  ].join(' ');
  const seq = row.seq;
  return (
    <li
      className={className}
      data-key={row.key}
      data-at={row.at}
      data-source={row.source}
      aria-current={focused ? 'true' : undefined}
      aria-label={`${row.source} ${row.title}`}
    >
      <div className={css.line}>
        <button type="button" className={css.toggle} onClick={() => onToggle(row.key)} aria-expanded={open}>
          <span className={css.time}>{formatMomentMs(row.at)}</span>
          <span className={sourceClass(row.source)}>{row.source}</span>
          {row.action && <span className={outcomeClass(row.action.state)}>{row.action.state}</span>}
          <span className={css.title}>
            {row.title}
            {row.until !== undefined && row.source === 'annotation'
              ? ` (until ${formatClock(row.until)})`
              : ''}
            {row.author ? ` — ${row.author}` : ''}
          </span>
        </button>
        {seq !== undefined && (
          <button
            type="button"
            className={css.small}
            aria-label={`Copy link to entry ${seq}`}
            onClick={() =>
              void copyConsoleLink(momentPath({ hubId, epoch: row.epoch, seq, at: row.at, filter }))
            }
          >
            Copy link
          </button>
        )}
        {row.source === 'annotation' && (
          <button type="button" className={`${css.small} ${css.danger}`} onClick={() => onDelete(row)}>
            Delete
          </button>
        )}
      </div>
      {open && (
        <div className={css.detail}>
          {row.action && (
            // The action's command waterfall: its timed stages, from the gateway to the audit record.
            <div data-waterfall-slot={row.action.transactionId ?? ''} className={css.slot}>
              Transaction {row.action.transactionId ?? '—'}: {row.action.state}
              {row.action.durationMs !== null ? ` in ${row.action.durationMs} ms` : ''}
              {row.action.error ? ` — ${row.action.error}` : ''}
              {row.action.transactionId !== null && <Waterfall transactionId={row.action.transactionId} />}
            </div>
          )}
          <JsonViewer value={row.data} label="Stored record" wrap />
        </div>
      )}
    </li>
  );
});
