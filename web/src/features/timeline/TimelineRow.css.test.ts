import { TIMELINE_SOURCES, TRANSACTION_STATES } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import css from './TimelineRow.module.css';

// A badge's colour is a class of TimelineRow.module.css named after the source or the outcome
// (looked up as the row looks it up). A new source or state without its class would be drawn
// uncoloured, and nothing else would say so.
const classes = new Set(Object.keys(css));

describe("the timeline rows' stylesheet", () => {
  it('has a badge class for every timeline source', () => {
    expect(TIMELINE_SOURCES.filter((s) => !classes.has(`source-${s}`))).toEqual([]);
  });
  it("has a badge class for every action's transaction state", () => {
    expect(TRANSACTION_STATES.filter((s) => !classes.has(`outcome-${s}`))).toEqual([]);
  });
});
