// The kit's CEL evaluator per message, beside the floor of the same predicates written by hand in
// JavaScript, from one run: `node tests/bench/cel.ts [seconds-per-case=2]`. Prints evaluations/second.
// The messages are shaped like the hub stream's envelopes (class, operation, hubId, items with errors).
import { compile } from '@console/kit/cel';

interface Item {
  error: number;
  code?: string;
}
interface Msg {
  class: string;
  operation: string;
  hubId: number;
  clientType: string;
  items: Item[];
}

const seconds = Number(process.argv[2] ?? 2);
const classes = ['feature', 'system', 'hierarchy'];
const operations = ['event', 'read', 'write'];
const messages: Msg[] = Array.from({ length: 4096 }, (_, n) => ({
  class: classes[n % 3] as string,
  operation: operations[(n >> 2) % 3] as string,
  hubId: 3_161_000_000 + (n % 977),
  clientType: n % 5 === 0 ? 'app' : 'hub',
  items: Array.from({ length: 1 + (n % 4) }, (_, i) =>
    n % 7 === 0 && i === 1 ? { error: 3, code: 'sync' } : { error: 0 },
  ),
}));

const cases: { name: string; cel: string; js: (m: Msg) => boolean }[] = [
  {
    name: 'class, operation and an item error',
    cel: "msg.class == 'feature' && msg.operation == 'event' && msg.items.exists(i, i.error != 0)",
    js: (m) => m.class === 'feature' && m.operation === 'event' && m.items.some((i) => i.error !== 0),
  },
  {
    name: 'one hub',
    cel: 'msg.hubId == 3161000042',
    js: (m) => m.hubId === 3161000042,
  },
  {
    name: 'client type in a list, or a sync error',
    cel: "msg.clientType in ['app', 'web'] || msg.items.exists(i, has(i.code) && i.code == 'sync')",
    js: (m) =>
      ['app', 'web'].includes(m.clientType) || m.items.some((i) => i.code !== undefined && i.code === 'sync'),
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
