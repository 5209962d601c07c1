import { LIVE_TOPIC_ACCESS } from '@console/contracts';

/**
 * Who may use Support Plus: the roles the server gives its search, structure, overview and hub
 * topics (support and developers). The `/supportPlus` layout route checks it once for every screen.
 */
export const SUPPORT_PLUS_ACCESS = LIVE_TOPIC_ACCESS.hub;
