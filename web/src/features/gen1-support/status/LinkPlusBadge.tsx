import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/client.ts';
import { linkPlusQueryOptions } from './queries.ts';

/** Whether the customer's e-mail also has a Link Plus (Gen2) account. */
export function LinkPlusBadge({ userId }: { userId: number }) {
  const q = useQuery(linkPlusQueryOptions(userId));
  if (q.isError)
    return (
      <Badge color="red" variant="outline" title={errorMessage(q.error)}>
        Link Plus: unknown
      </Badge>
    );
  if (!q.data) return <Badge variant="outline">Link Plus: …</Badge>;
  return q.data.linkPlus ? (
    <Badge color="teal" title={`Gen2 user ${q.data.gen2UserId}`}>
      Link Plus user
    </Badge>
  ) : (
    <Badge color="gray" variant="outline">
      No Link Plus
    </Badge>
  );
}
