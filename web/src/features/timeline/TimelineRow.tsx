import { momentPath, type TimelineEntry, type TopicFilter } from '@console/contracts';
import { type CSSProperties, memo } from 'react';
import { copyConsoleLink } from '../ui/CopyLinkButton.tsx';
import { formatClock, formatMomentMs } from '../ui/dates.ts';
import { JsonViewer } from '../ui/JsonViewer.tsx';
import { Waterfall } from '../waterfall/Waterfall.tsx';

/** An entry as the list holds it: with the stream epoch of the page it came in. */
export type Row = TimelineEntry & { epoch: string };

const SOURCE_COLOUR: Record<TimelineEntry['source'], string> = {
  message: 'blue',
  presence: 'cyan',
  action: 'violet',
  note: 'gray',
  sync: 'orange',
  firmware: 'lime',
  annotation: 'yellow',
  gap: 'red',
};
const OUTCOME: Record<string, string> = {
  replied: 'green',
  failed: 'red',
  timedOut: 'orange',
  sent: 'gray',
  cancelled: 'grape',
};

// Plain elements with fixed styles: rows mount as fast as the list scrolls (a few thousand a
// minute), and component-library rows cost long tasks there (tests/bench/timeline.ts).
const css = {
  row: { listStyle: 'none', padding: '4px 10px', borderBottom: '1px solid var(--mantine-color-gray-2)' },
  gap: { borderBottom: '2px dashed var(--mantine-color-red-4)', background: 'var(--mantine-color-red-0)' },
  annotation: { background: 'var(--mantine-color-yellow-0)' },
  focused: {
    background: 'var(--mantine-color-yellow-1)',
    outline: '2px solid var(--mantine-color-yellow-6)',
  },
  line: { display: 'flex', alignItems: 'center', gap: 4 },
  toggle: {
    flex: 1,
    minWidth: 0,
    display: 'flex',
    alignItems: 'center',
    gap: 8,
    border: 0,
    background: 'none',
    padding: 0,
    textAlign: 'left',
    cursor: 'pointer',
    font: 'inherit',
    color: 'inherit',
  },
  time: { fontFamily: 'monospace', fontSize: 12, color: 'var(--mantine-color-dimmed)', whiteSpace: 'nowrap' },
  title: { fontSize: 14, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  small: {
    border: 0,
    background: 'none',
    fontSize: 12,
    cursor: 'pointer',
    color: 'var(--mantine-color-blue-7)',
    whiteSpace: 'nowrap',
  },
  detail: { marginTop: 4 },
  slot: { fontSize: 12, color: 'var(--mantine-color-dimmed)', marginBottom: 4 },
} satisfies Record<string, CSSProperties>;

const badge = (colour: string, filled = false): CSSProperties => ({
  fontSize: 10,
  fontWeight: 700,
  textTransform: 'uppercase',
  padding: '0 6px',
  borderRadius: 8,
  lineHeight: '16px',
  whiteSpace: 'nowrap',
  background: filled ? `var(--mantine-color-${colour}-filled)` : `var(--mantine-color-${colour}-light)`,
  color: filled ? 'white' : `var(--mantine-color-${colour}-light-color)`,
});
const BADGES = Object.fromEntries(Object.entries(SOURCE_COLOUR).map(([k, c]) => [k, badge(c)]));
const OUTCOME_BADGES = Object.fromEntries(Object.entries(OUTCOME).map(([k, c]) => [k, badge(c, true)]));

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
  const style: CSSProperties = {
    ...css.row,
    ...(row.source === 'gap' ? css.gap : row.source === 'annotation' ? css.annotation : {}),
    ...(focused ? css.focused : {}),
  };
  const seq = row.seq;
  return (
    <li
      style={style}
      data-key={row.key}
      data-at={row.at}
      data-source={row.source}
      aria-current={focused ? 'true' : undefined}
      aria-label={`${row.source} ${row.title}`}
    >
      <div style={css.line}>
        <button type="button" style={css.toggle} onClick={() => onToggle(row.key)} aria-expanded={open}>
          <span style={css.time}>{formatMomentMs(row.at)}</span>
          <span style={BADGES[row.source]}>{row.source}</span>
          {row.action && (
            <span style={OUTCOME_BADGES[row.action.state] ?? OUTCOME_BADGES.sent}>{row.action.state}</span>
          )}
          <span style={css.title}>
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
            style={css.small}
            aria-label={`Copy link to entry ${seq}`}
            onClick={() =>
              void copyConsoleLink(momentPath({ hubId, epoch: row.epoch, seq, at: row.at, filter }))
            }
          >
            Copy link
          </button>
        )}
        {row.source === 'annotation' && (
          <button
            type="button"
            style={{ ...css.small, color: 'var(--mantine-color-red-7)' }}
            onClick={() => onDelete(row)}
          >
            Delete
          </button>
        )}
      </div>
      {open && (
        <div style={css.detail}>
          {row.action && (
            // The action's command waterfall: its timed stages, from the gateway to the audit record.
            <div data-waterfall-slot={row.action.transactionId ?? ''} style={css.slot}>
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
