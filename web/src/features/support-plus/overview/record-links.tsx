import type { MantineSize } from '@mantine/core';
import { AnchorLink } from '../../../shared/shell/RouterLinks.tsx';

/** A structure's id as a link to its detail screen. */
export function StructureLink({ rootGroupId, size = 'sm' }: { rootGroupId: string; size?: MantineSize }) {
  return (
    <AnchorLink to="/supportPlus/structure/$rootGroupId" params={{ rootGroupId }} size={size}>
      {rootGroupId}
    </AnchorLink>
  );
}
