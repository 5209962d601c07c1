import type { MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../shell/RouterLinks.tsx';

/** A structure's id as a link to its detail screen. */
export function StructureLink({ rootGroupId, size = 'sm' }: { rootGroupId: string; size?: MantineSize }) {
  return (
    <AnchorLink to="/supportPlus/structure/$rootGroupId" params={{ rootGroupId }} size={size}>
      {rootGroupId}
    </AnchorLink>
  );
}

/** A link (hub) id as a link to its hub screen (live monitor and card). */
export function HubLink({ hubId, children }: { hubId: number; children?: ReactNode }) {
  return (
    <AnchorLink to="/supportPlus/hub/$hubId" params={{ hubId: String(hubId) }} size="sm">
      {children ?? hubId}
    </AnchorLink>
  );
}
