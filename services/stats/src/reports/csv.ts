// The report e-mails write their CSV with the console's one writer (contracts/src/csv.ts), the
// same as the browser's downloads, so both neutralise formulas alike (issue 29 §7).
export { csvCell, csvLine } from '@console/contracts';
