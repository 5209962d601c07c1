import { Counter, Gauge, type Registry } from 'prom-client';

/** What the simulator has carried, as plain numbers (for the stats op) and Prometheus counters. */
export class SimCounters {
  received = 0;
  sent = 0;
  malformedReceived = 0;
  malformedSent = 0;
  private readonly messages: Counter<'direction'>;
  private readonly malformed: Counter<'direction'>;
  private readonly inbound;
  private readonly outbound;

  constructor(registry: Registry, connected: () => number) {
    this.messages = new Counter({
      name: 'console_sim_hub_messages_total',
      help: 'Messages received (in) and sent (out) by simulated hubs',
      labelNames: ['direction'] as const,
      registers: [registry],
    });
    this.malformed = new Counter({
      name: 'console_sim_malformed_messages_total',
      help: 'Messages that were not a readable envelope: received (in), or sent on purpose by the fault knob (out)',
      labelNames: ['direction'] as const,
      registers: [registry],
    });
    new Gauge({
      name: 'console_sim_hubs_connected',
      help: 'Simulated hubs connected right now',
      registers: [registry],
      collect() {
        this.set(connected());
      },
    });
    // Bound children: a label lookup per message would cost more than the message at 10,000 hubs.
    this.inbound = this.messages.labels('in');
    this.outbound = this.messages.labels('out');
  }

  in(): void {
    this.received++;
    this.inbound.inc();
  }

  out(): void {
    this.sent++;
    this.outbound.inc();
  }

  malformedIn(): void {
    this.malformedReceived++;
    this.malformed.labels('in').inc();
  }

  malformedOut(): void {
    this.malformedSent++;
    this.malformed.labels('out').inc();
  }
}
