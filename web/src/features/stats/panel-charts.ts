import { AGENT_GRAPH_CHOICE } from '@console/contracts';

/** The 14 charts of the Support Plus statistics panel (seed 001 §2), and 101: the agents graph. */
export const PANEL_CHARTS = [
  { value: 1, label: 'Products by date' },
  { value: 2, label: 'Devices added per day (rolling 7-day average)' },
  { value: 3, label: 'Device change over 7 days' },
  { value: 4, label: 'Users' },
  { value: 5, label: 'Devices' },
  { value: 6, label: 'Link Plus hubs' },
  { value: 7, label: 'Hubs online' },
  { value: 8, label: 'Hub messages' },
  { value: 9, label: 'Gen2 commands' },
  { value: 10, label: 'Gen1 commands' },
  { value: 11, label: 'Average command latency' },
  { value: 12, label: 'Structure products' },
  { value: 13, label: 'Server channels (top list)' },
  { value: 14, label: 'Protocol errors' },
  { value: AGENT_GRAPH_CHOICE, label: 'Agents graph' },
] as const;
