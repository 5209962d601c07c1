import type { Subjects } from '@console/contracts';
import type { NatsConnection } from '@nats-io/nats-core';
import { Sweep } from './sweep.ts';

/**
 * Simulated devices of one kind (WiFi links, supervisord hosts): kept by id and in a list the sweep
 * visits once per period for the device's periodic message, skipped while the device is silent.
 */
export abstract class SweptFleet<S> {
  readonly byId = new Map<string, S>();
  private readonly list: S[] = [];
  private readonly sweep: Sweep;
  protected readonly nc: NatsConnection;
  protected readonly subjects: Subjects;

  constructor(nc: NatsConnection, subjects: Subjects, periodMs: number) {
    this.nc = nc;
    this.subjects = subjects;
    this.sweep = new Sweep(periodMs);
  }

  protected add(id: string, state: S): void {
    this.byId.set(id, state);
    this.list.push(state);
  }

  tick(elapsedMs: number): void {
    this.sweep.run(this.list, elapsedMs, (s) => {
      if (!this.silent(s)) this.visit(s);
    });
  }

  /** True while the device sends nothing (off the air, heartbeats stopped). */
  protected abstract silent(s: S): boolean;
  /** The device's periodic message (a ping, a heartbeat). */
  protected abstract visit(s: S): void;
}
