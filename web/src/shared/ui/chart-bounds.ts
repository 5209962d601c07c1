export interface ChartMargin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface ChartBounds {
  width: number;
  height: number;
  margin: ChartMargin;
  /** The drawing area inside the margins (where visx scales map to), never negative. */
  innerWidth: number;
  innerHeight: number;
}

/** Room for axis labels on the left and bottom, a little air elsewhere. */
export const DEFAULT_MARGIN: ChartMargin = { top: 8, right: 12, bottom: 28, left: 44 };

export function chartBounds(
  width: number,
  height: number,
  margin: ChartMargin = DEFAULT_MARGIN,
): ChartBounds {
  return {
    width,
    height,
    margin,
    innerWidth: Math.max(0, width - margin.left - margin.right),
    innerHeight: Math.max(0, height - margin.top - margin.bottom),
  };
}
