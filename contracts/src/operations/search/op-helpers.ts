import { type TProperties, Type } from '@sinclair/typebox';
import type { Role } from '../../roles.ts';
import { ClosedObject } from '../../world/common.ts';

/** The Support menu (support, dev) and, for the customer search screen, accounts (analytics spec §6). */
export const support: readonly Role[] = ['support', 'dev'];
export const finders: readonly Role[] = ['support', 'dev', 'accounts'];

export const Term = (description: string) => Type.String({ minLength: 1, maxLength: 200, description });
export const params = <P extends TProperties>(props: P) => ClosedObject(props);
export const IntId = (description: string) => Type.String({ pattern: '^[0-9]{1,15}$', description });
