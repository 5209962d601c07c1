// The kit's CEL evaluator per message, beside the floor of the same predicates written by hand in
// JavaScript, from one run: `node tests/bench/cel.ts [seconds-per-case=2]`. Prints evaluations/second.
// The messages are shaped like the hub stream's envelopes (class, operation, hubId, items with errors).
import type { HubMessageEvent, HubMessageItem } from '@console/contracts';
import { compile } from '@console/kit/cel';

type Msg = HubMessageEvent;

const seconds = Number(process.argv[2] ?? 2);
const classes = ['feature', 'system', 'device'];
const operations = ['event', 'read', 'write'];
const clientTypes = ['link2', 'link2', 'user', 'agent', 'server'] as const;

function item(n: number, i: number): HubMessageItem {
  const failed = n % 7 === 0 && i === 1;
  return {
    itemId: i,
    payload: { featureId: `5f1a-${n % 97}-${i}`, value: n % 100 },
    ...(n % 3 === 0 ? { success: !failed } : {}),
    ...(failed ? { error: { code: n % 2 ? 'sync' : 'timeout' } } : {}),
  };
}

const messages: Msg[] = Array.from({ length: 4096 }, (_, n) => ({
  version: '1.0',
  transactionId: n,
  senderId: `hub-${n % 977}`,
  direction: 'notification',
  class: classes[n % 3] as string,
  operation: operations[(n >> 2) % 3] as string,
  items: Array.from({ length: 1 + (n % 4) }, (_, i) => item(n, i)),
  hubId: 3_161_000_000 + (n % 977),
  clientType: clientTypes[n % 5] as Msg['clientType'],
  at: 1_764_300_000_000 + n,
}));

const failedItem = (i: HubMessageItem) => i.success !== undefined && !i.success;
const syncError = (i: HubMessageItem) =>
  i.error !== undefined && (i.error as { code?: unknown }).code === 'sync';

const cases: { name: string; cel: string; js: (m: Msg) => boolean }[] = [
  {
    name: 'feature events with a failed item',
    cel: "msg.class == 'feature' && msg.operation == 'event' && msg.items.exists(i, has(i.success) && !i.success)",
    js: (m) => m.class === 'feature' && m.operation === 'event' && m.items.some(failedItem),
  },
  {
    name: 'one hub (a watch)',
    cel: "msg.hubId == 3161000042 && msg.class == 'system'",
    js: (m) => m.hubId === 3161000042 && m.class === 'system',
  },
  {
    name: 'client types, or a sync error',
    cel: "msg.clientType in ['user', 'agent'] || msg.items.exists(i, has(i.error) && i.error.code == 'sync')",
    js: (m) => ['user', 'agent'].includes(m.clientType) || m.items.some(syncError),
  },
];

function rate(f: (m: Msg) => unknown): { perSecond: number; matches: number } {
  let n = 0;
  let matches = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    for (let k = 0; k < messages.length; k++) if (f(messages[k] as Msg) === true) matches++;
    n += messages.length;
  }
  return { perSecond: n / seconds, matches: matches / (n / messages.length) };
}

const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
for (const c of cases) {
  const r = compile(c.cel, { variables: ['msg'] });
  if (!r.ok) throw new Error(`${c.cel}: ${r.error.message}`);
  const program = r.program;
  const cel = rate((m) => program.eval({ msg: m }));
  const floor = rate(c.js);
  if (cel.matches !== floor.matches)
    throw new Error(`${c.name}: CEL matched ${cel.matches}, JS ${floor.matches}`);
  console.log(
    `${c.name}: CEL ${fmt(cel.perSecond)} evaluations/s, hand-written JS floor ${fmt(floor.perSecond)}/s ` +
      `(${(floor.perSecond / cel.perSecond).toFixed(1)}x); ${cel.matches} of ${messages.length} messages match`,
  );
}
