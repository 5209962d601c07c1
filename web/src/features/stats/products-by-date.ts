import { changeColourClass, PRODUCTS_BY_DATE, type ProductsByDate } from '@console/contracts';
import { changeOver, rollingAverage } from './graph-kit/transform.ts';

export interface ProductChange {
  productCode: string;
  total: number;
  /** Devices gained over the change gap (7 days) to the last day. */
  change: number | null;
  colour: ReturnType<typeof changeColourClass> | null;
  /** Rolling 7-day average of devices added per day, at the last day. */
  averageAdded: number;
}

/** Per product code: its total, its change over the gap and the colour class of that change. */
export function productChanges(p: ProductsByDate): ProductChange[] {
  return p.products.map((x) => {
    const change = changeOver(x.totals, PRODUCTS_BY_DATE.changeGapDays).at(-1) ?? null;
    return {
      productCode: x.productCode,
      total: x.totals.at(-1) ?? 0,
      change,
      colour: change === null ? null : changeColourClass(change),
      averageAdded: Math.round((rollingAverage(x.added, PRODUCTS_BY_DATE.rollingDays).at(-1) ?? 0) * 10) / 10,
    };
  });
}

/** All devices added per day and its rolling 7-day average. */
export function addedPerDay(p: ProductsByDate): { added: number[]; average: number[] } {
  const added = p.days.map((_, i) => p.products.reduce((s, x) => s + (x.added[i] ?? 0), 0));
  return {
    added,
    average: rollingAverage(added, PRODUCTS_BY_DATE.rollingDays).map((v) => Math.round(v * 10) / 10),
  };
}

export const COLOUR_OF: Record<string, string> = {
  red: 'red',
  below10: 'orange',
  below100: 'yellow',
  '1000plus': 'green',
};
