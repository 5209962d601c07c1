import { Code, Paper, ScrollArea, Text } from '@mantine/core';

/** A value as indented JSON in a code block; a string is shown as it is (a placeholder, a request line). */
export function JsonViewer({
  value,
  label,
  maxHeight,
  wrap = false,
}: {
  value: unknown;
  label?: string;
  /** Taller content scrolls inside this many pixels. */
  maxHeight?: number;
  /** Break long lines (narrow places such as the live stream) instead of scrolling sideways. */
  wrap?: boolean;
}) {
  const code = (
    <Code
      block
      aria-label={label}
      style={wrap ? { whiteSpace: 'pre-wrap', wordBreak: 'break-all' } : undefined}
    >
      {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
    </Code>
  );
  return maxHeight ? <ScrollArea.Autosize mah={maxHeight}>{code}</ScrollArea.Autosize> : code;
}

/** The raw request and response of a search, under an admin's or support's Debug switch. */
export function DebugPanel({
  request,
  response,
  responseTitle = 'Response',
}: {
  request: string;
  response: unknown;
  responseTitle?: string;
}) {
  return (
    <Paper withBorder p="sm" component="section" aria-label="Debug">
      <Text size="sm" fw={600}>
        Request
      </Text>
      <JsonViewer value={request} />
      <Text size="sm" fw={600} mt="xs">
        {responseTitle}
      </Text>
      <JsonViewer value={response} maxHeight={400} />
    </Paper>
  );
}
