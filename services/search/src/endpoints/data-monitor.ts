import {
  ApiError,
  DATA_MONITOR,
  type GetEnergyBody,
  macFromSearch,
  searchOperations,
} from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import { type EnergyQuery, EnergyReadings } from '../plugins/data-monitor/energy.store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The body and path as one query, or a 400 saying what to change. */
async function energyQuery(
  readings: EnergyReadings,
  body: GetEnergyBody,
  path: { page: string; order?: 'asc' | 'desc'; count?: string },
): Promise<EnergyQuery> {
  const from = new Date(body.fromDate);
  const to = new Date(body.toDate);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) {
    throw new ApiError(400, 'Not a date: use e.g. 2026-03-01T00:00:00Z.', { fromDate: 'Not a date' });
  }
  if (!(to > from))
    throw new ApiError(400, 'The end of the range must come after its start.', {
      toDate: 'Before the start',
    });
  if (to.getTime() - from.getTime() > DATA_MONITOR.maxRangeDays * DAY_MS) {
    throw new ApiError(400, `A range covers at most ${DATA_MONITOR.maxRangeDays} days.`, {
      toDate: 'Too far',
    });
  }
  const count = path.count === undefined ? DATA_MONITOR.graphLoad : Number(path.count);
  if (count < 1 || count > DATA_MONITOR.maxCount) {
    throw new ApiError(400, `Rows per page: 1 to ${DATA_MONITOR.maxCount}.`, { count: 'Out of range' });
  }
  const serials = new Map<string, string>();
  for (const [serial, mac] of Object.entries(body.macSerialsMap)) {
    const stored = mac.trim() ? macFromSearch(mac.trim()) : '';
    if (stored === null)
      throw new ApiError(400, `Not a MAC: ${mac}`, { macSerialsMap: `Bad MAC for ${serial}` });
    serials.set(serial, stored);
  }
  if (serials.size === 0) {
    // Seed 000 §5: an empty serial list stands for a fixed serial.
    const fallback = await readings.defaultSerial();
    if (fallback) serials.set(fallback, '');
  }
  return {
    serials,
    from,
    to,
    interval: body.interval,
    showAll: body.useIntervalShowAll,
    page: Number(path.page),
    count,
    order: path.order ?? 'asc',
  };
}

/** The data monitor (seed 000 §7 "Data monitor"): energy pages and the latest readings. */
export function dataMonitorHandlers(app: FastifyInstance) {
  const readings = new EnergyReadings(app.pg);
  const energy = async (body: GetEnergyBody, path: Parameters<typeof energyQuery>[2]) =>
    readings.page(await energyQuery(readings, body, path));
  return defineHandlers(searchOperations, {
    'search.getEnergy': async (ctx) => energy(ctx.body, ctx.params),
    'search.getEnergyOrder': async (ctx) => energy(ctx.body, ctx.params),
    'search.getEnergyCount': async (ctx) => energy(ctx.body, ctx.params),
    'search.getLatestEnergy': async (ctx) => readings.latestEnergy(ctx.params.serial, ctx.params.mac8),
    'search.getTimerEvents': async (ctx) => {
      const mac = macFromSearch(ctx.params.mac.trim());
      if (!mac)
        throw new ApiError(400, 'Enter a whole MAC, or the 6 hex digits shown.', { mac: 'Not a MAC' });
      return readings.timerEvents(mac);
    },
    'search.getLatestTemps': async (ctx) => readings.latestTemps(ctx.params.serial, ctx.params.mac8),
  });
}
