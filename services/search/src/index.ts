/** What the benchmark and other tools use of the search service (the service itself runs from server.ts). */
export { type SearchConfig, SearchConfigSchema, searchConfig } from './config.ts';
export { explainFloor, runFloor } from './plans/explain.ts';
export { type Floor, type SearchKind, searchKinds } from './plans/kinds.ts';
export { pickSamples, type Samples } from './plans/samples.ts';
export { type Prepared, prepareSearch } from './prepare.ts';
