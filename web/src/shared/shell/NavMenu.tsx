import type { Role } from '@console/contracts';
import { Button, Group, Menu, ScrollArea } from '@mantine/core';
import { visibleMenu } from '../menu/screens.ts';
import { MenuItemLink } from './RouterLinks.tsx';

/** The role-driven navbar (analytics spec §6): one dropdown per area the roles allow. */
export function NavMenu({ roles }: { roles: readonly Role[] }) {
  const areas = visibleMenu(roles);
  if (areas.length === 0) return null;
  return (
    // An admin sees every area; the row has the header's width to itself (all fit at 1024 px). On a
    // narrower window it scrolls rather than squeezing labels, its scrollbar shown while it overflows.
    <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x" style={{ flex: 1, minWidth: 0 }}>
      <Group component="nav" aria-label="Main menu" gap={0} wrap="nowrap">
        {areas.map((area) => (
          <Menu key={area.label} position="bottom-start" shadow="md" withinPortal>
            <Menu.Target>
              <Button
                variant="subtle"
                size="compact-sm"
                px={8}
                style={{ flexShrink: 0 }}
                rightSection={<Chevron />}
                styles={{ section: { marginInlineStart: 4 } }}
              >
                {area.label}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {area.entries.map((entry) => (
                <MenuItemLink key={entry.state} to="/$" params={{ _splat: entry.path.slice(1) }}>
                  {entry.label}
                </MenuItemLink>
              ))}
            </Menu.Dropdown>
          </Menu>
        ))}
      </Group>
    </ScrollArea>
  );
}

function Chevron() {
  return (
    <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
      <path
        d="M2 3.5 5 6.5 8 3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
    </svg>
  );
}
