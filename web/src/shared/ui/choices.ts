/** A Select's or SegmentedControl's `data` from `{ value: label }`, in the object's order. */
export function choices(labels: Readonly<Record<string, string>>): { value: string; label: string }[] {
  return Object.entries(labels).map(([value, label]) => ({ value, label }));
}
