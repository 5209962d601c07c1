import { Counter, Gauge, type Registry } from 'prom-client';

export interface FanoutStats {
  sockets: number;
  topics: number;
  watchers: number;
  /** NATS subscriptions and JetStream consumers held open for topics: one per topic. */
  subscriptions: number;
}

export type LiveMetrics = ReturnType<typeof liveMetrics>;

/** The fan-out's figures on its /metrics. */
export function liveMetrics(registry: Registry, stats: () => FanoutStats) {
  const registers = [registry];
  const gauge = (name: string, help: string, read: (s: FanoutStats) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read(stats()));
      },
    });
  gauge('console_live_sockets', 'Open live sockets', (s) => s.sockets);
  gauge('console_live_topics', 'Topics with a source open', (s) => s.topics);
  gauge('console_live_watchers', 'Subscriptions of sockets to topics', (s) => s.watchers);
  gauge(
    'console_live_subscriptions',
    'NATS subscriptions or consumers held for topics',
    (s) => s.subscriptions,
  );
  return {
    eventsIn: new Counter({
      name: 'console_live_events_in_total',
      help: 'Events received from NATS for live topics',
      labelNames: ['kind'] as const,
      registers,
    }),
    eventsOut: new Counter({
      name: 'console_live_events_out_total',
      help: 'Events written to sockets (one per watcher that received it)',
      registers,
    }),
    framesOut: new Counter({
      name: 'console_live_frames_out_total',
      help: 'Events frames written',
      registers,
    }),
    bytesOut: new Counter({
      name: 'console_live_bytes_out_total',
      help: 'Events frame bytes written',
      registers,
    }),
    malformed: new Counter({
      name: 'console_live_malformed_total',
      help: 'Live messages whose payload was not a JSON object (shown as malformed, not dropped)',
      registers,
    }),
    slowCuts: new Counter({
      name: 'console_live_slow_consumer_cuts_total',
      help: 'Sockets closed with 4008 because they fell behind',
      registers,
    }),
    reloads: new Counter({
      name: 'console_live_reloads_total',
      help: 'Subscriptions told to reload instead of resuming',
      registers,
    }),
  };
}
