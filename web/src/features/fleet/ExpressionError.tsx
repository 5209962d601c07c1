import type { FleetPosition } from '@console/contracts';
import { Alert, Code, Stack, Text } from '@mantine/core';

/**
 * Why the server would not run the query, with the line it fails on and a caret under the place
 * (the server's line and column), so the fix is where the eye lands.
 */
export function ExpressionError({
  error,
  expression,
}: {
  error: { message: string; position?: FleetPosition };
  expression: string;
}) {
  const p = error.position;
  const line = p ? (expression.split('\n')[p.line - 1] ?? '') : '';
  return (
    <Alert color="red" title="The query did not run" role="alert">
      <Stack gap="xs">
        <Text size="sm">{error.message}</Text>
        {p && (
          <Code block aria-label={`Line ${p.line}, column ${p.column}`}>
            {`${line}\n${' '.repeat(Math.max(0, p.column - 1))}^`}
          </Code>
        )}
      </Stack>
    </Alert>
  );
}
