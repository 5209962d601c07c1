import type { TopicFilter } from '@console/contracts';

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function oneOf(field: string, values: readonly string[] | undefined): string | null {
  if (!values || values.length === 0) return null;
  if (values.length === 1) return `msg.${field} == ${quote(values[0] as string)}`;
  return `msg.${field} in [${values.map(quote).join(', ')}]`;
}

/** The live monitor's filters that have a fleet-lens shortcut (free text has none). */
export type FleetShortcuts = Pick<TopicFilter, 'clientTypes' | 'classes' | 'operations'>;

/**
 * The live monitor's filters written as a fleet-lens expression: client types, classes and
 * operations each narrow the messages (`==` for one value, `in [...]` for several). No filter at
 * all is every message (`true`).
 */
export function expressionOf(filter: FleetShortcuts): string {
  const parts = [
    oneOf('clientType', filter.clientTypes),
    oneOf('class', filter.classes),
    oneOf('operation', filter.operations),
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(' && ') : 'true';
}

/** The look-backs offered (minutes); 0 is live only. */
export const LOOKBACKS = [
  { value: '0', label: 'None: from now' },
  { value: '5', label: 'Last 5 minutes' },
  { value: '60', label: 'Last hour' },
  { value: '1440', label: 'Last 24 hours' },
] as const;
