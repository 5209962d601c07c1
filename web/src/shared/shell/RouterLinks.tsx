import { Anchor, type AnchorProps, Menu, type MenuItemProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

type AsAnchor<P> = P & Omit<ComponentPropsWithRef<'a'>, keyof P>;

function AnchorElement(props: AsAnchor<AnchorProps>) {
  return <Anchor {...props} />;
}

function MenuItemElement(props: AsAnchor<MenuItemProps>) {
  return <Menu.Item component="a" {...props} />;
}

/** Mantine's Anchor as a router link: typed `to` and `params`, preloading, active state. */
export const AnchorLink = createLink(AnchorElement);

/** A Mantine menu item that navigates like a router link. */
export const MenuItemLink = createLink(MenuItemElement);
