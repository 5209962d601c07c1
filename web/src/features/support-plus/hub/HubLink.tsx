import type { ReactNode } from 'react';
import { AnchorLink } from '../../../shared/shell/RouterLinks.tsx';

/** A link to the hub screen of `hubId`; its text is the id unless given. */
export function HubLink({ hubId, children }: { hubId: number | string; children?: ReactNode }) {
  return (
    <AnchorLink to="/supportPlus/hub/$hubId" params={{ hubId: String(hubId) }} size="sm">
      {children ?? hubId}
    </AnchorLink>
  );
}
