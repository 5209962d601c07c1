import type { Subjects } from '@console/contracts';
import type { NatsConnection } from '@nats-io/nats-core';
import type { FleetEngine } from '../../fleet/engine.ts';
import { hubEntry } from '../entry.ts';
import type { TopicSpec } from '../topics.ts';
import { coreSource } from './core.ts';
import { JetStreamSource, type StreamAccess } from './jetstream.ts';
import { OverviewSource } from './overview.ts';
import type { Source } from './source.ts';

export interface SourceDeps {
  nc: NatsConnection;
  subjects: Subjects;
  hubStream: StreamAccess;
  history: number;
  replayMax: number;
  /** How fresh a connected hub's last presence must be to count (the overview). */
  presenceTtlMs: number;
  /** The fleet lens's shared pass over the hub stream. */
  fleet: FleetEngine;
}

/** The one source behind a topic: JetStream for hubs and structures, core NATS for the rest. */
export function sourceFor(spec: TopicSpec, deps: SourceDeps): Source {
  const { subjects: s, nc } = deps;
  switch (spec.kind) {
    case 'hub':
    case 'structure': {
      const filters = spec.hubIds.flatMap((id) => [s.hubMsgAll(id), s.hubPresence(id)]);
      return new JetStreamSource(deps.hubStream, filters, (raw) => hubEntry(raw, s.prefix), {
        history: deps.history,
        replayMax: deps.replayMax,
      });
    }
    case 'overview':
      return new OverviewSource(nc, s, deps.hubStream, deps.presenceTtlMs);
    case 'wfl':
      return spec.feed === 'pings'
        ? coreSource(nc, s.wflPing(spec.mac), 'ping')
        : coreSource(nc, s.wflCmd(spec.mac), 'command');
    case 'supervisor':
      return coreSource(nc, s.hostHeartbeatAny(), 'heartbeat');
    case 'hubs':
      // Subscribe to All of the engineering consoles: every hub's messages as they happen (no history).
      return coreSource(nc, s.hubMsgAny(), (raw) => hubEntry(raw, s.prefix));
    case 'fleet':
      return deps.fleet.source(spec.query);
  }
}
