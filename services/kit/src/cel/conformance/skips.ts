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
const TYPE_NAME = 'qualified type names (google.protobuf.Timestamp) are not accepted as expressions';
const QUALIFIED = 'qualified (dotted) variable names: the console declares only simple names such as msg';

const named = (file: string, section: string, reason: string, tests: string[]): Skip[] =>
  tests.map((test) => ({ file, section, test, reason }));

export const skips: Skip[] = [
  {
    file: 'comparisons.textproto',
    section: 'eq_wrapper',
    reason: "protobuf wrapper types (google.protobuf.*Value) are not part of the console's subset",
  },
  ...named('comparisons.textproto', 'eq_literal', PROTO, [
    'eq_dyn_json_null',
    'not_eq_dyn_proto2_msg_null',
    'not_eq_dyn_proto3_msg_null',
  ]),
  ...named('comparisons.textproto', 'ne_literal', PROTO, [
    'ne_proto2',
    'ne_proto3',
    'ne_proto2_missing_fields_neq',
    'ne_proto3_missing_fields_neq',
    'ne_proto_nan_not_equal',
    'ne_proto_different_types',
    'ne_proto2_any_unpack',
    'ne_proto2_any_unpack_bytewise_fallback',
    'ne_proto3_any_unpack',
    'ne_proto3_any_unpack_bytewise_fallback',
  ]),
  ...named('timestamps.textproto', 'timestamp_conversions', TYPE_NAME, ['type_comparison']),
  ...named('timestamps.textproto', 'duration_conversions', TYPE_NAME, ['type_comparison']),
  ...named('fields.textproto', 'qualified_identifier_resolution', QUALIFIED, [
    'qualified_ident',
    'map_field_select',
    'qualified_identifier_resolution_unchecked',
    'ident_with_longest_prefix_check',
  ]),
];
