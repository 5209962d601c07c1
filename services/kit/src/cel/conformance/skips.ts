// Every case of the vendored files that is not run, by name, with the reason. The conformance test fails
// when an entry here names no case (so the list cannot go stale) and never skips anything not listed.

export interface Skip {
  file: string;
  section: string;
  /** Absent: the whole section. */
  test?: string;
  reason: string;
}

const PROTO = "protobuf messages (TestAllTypes, google.protobuf.*) are not part of the console's subset";
const TIME = 'timestamp() and duration() are not supported';
const QUALIFIED = 'qualified (dotted) variable names: the console declares only simple names such as msg';

export const skips: Skip[] = [
  {
    file: 'comparisons.textproto',
    section: 'eq_wrapper',
    reason: "protobuf wrapper types (google.protobuf.*Value) are not part of the console's subset",
  },
  { file: 'comparisons.textproto', section: 'eq_literal', test: 'eq_dyn_json_null', reason: PROTO },
  { file: 'comparisons.textproto', section: 'eq_literal', test: 'not_eq_dyn_duration_null', reason: TIME },
  { file: 'comparisons.textproto', section: 'eq_literal', test: 'not_eq_dyn_proto2_msg_null', reason: PROTO },
  { file: 'comparisons.textproto', section: 'eq_literal', test: 'not_eq_dyn_proto3_msg_null', reason: PROTO },
  { file: 'comparisons.textproto', section: 'eq_literal', test: 'not_eq_dyn_timestamp_null', reason: TIME },
  { file: 'comparisons.textproto', section: 'ne_literal', test: 'ne_proto2', reason: PROTO },
  { file: 'comparisons.textproto', section: 'ne_literal', test: 'ne_proto3', reason: PROTO },
  {
    file: 'comparisons.textproto',
    section: 'ne_literal',
    test: 'ne_proto2_missing_fields_neq',
    reason: PROTO,
  },
  {
    file: 'comparisons.textproto',
    section: 'ne_literal',
    test: 'ne_proto3_missing_fields_neq',
    reason: PROTO,
  },
  { file: 'comparisons.textproto', section: 'ne_literal', test: 'ne_proto_nan_not_equal', reason: PROTO },
  { file: 'comparisons.textproto', section: 'ne_literal', test: 'ne_proto_different_types', reason: PROTO },
  { file: 'comparisons.textproto', section: 'ne_literal', test: 'ne_proto2_any_unpack', reason: PROTO },
  {
    file: 'comparisons.textproto',
    section: 'ne_literal',
    test: 'ne_proto2_any_unpack_bytewise_fallback',
    reason: PROTO,
  },
  { file: 'comparisons.textproto', section: 'ne_literal', test: 'ne_proto3_any_unpack', reason: PROTO },
  {
    file: 'comparisons.textproto',
    section: 'ne_literal',
    test: 'ne_proto3_any_unpack_bytewise_fallback',
    reason: PROTO,
  },
  { file: 'conversions.textproto', section: 'identity', test: 'duration', reason: TIME },
  { file: 'conversions.textproto', section: 'identity', test: 'timestamp', reason: TIME },
  { file: 'conversions.textproto', section: 'int', test: 'timestamp', reason: TIME },
  {
    file: 'fields.textproto',
    section: 'qualified_identifier_resolution',
    test: 'qualified_ident',
    reason: QUALIFIED,
  },
  {
    file: 'fields.textproto',
    section: 'qualified_identifier_resolution',
    test: 'map_field_select',
    reason: QUALIFIED,
  },
  {
    file: 'fields.textproto',
    section: 'qualified_identifier_resolution',
    test: 'qualified_identifier_resolution_unchecked',
    reason: QUALIFIED,
  },
  {
    file: 'fields.textproto',
    section: 'qualified_identifier_resolution',
    test: 'ident_with_longest_prefix_check',
    reason: QUALIFIED,
  },
];
