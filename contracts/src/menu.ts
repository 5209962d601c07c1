import type { Access } from './roles.ts';

export interface MenuEntry {
  /** Navbar state name from the analytics specification (§2 Shared shell). */
  state: string;
  label: string;
  path: string;
  access: Access;
}

export interface MenuArea {
  label: string;
  access: Access;
  entries: readonly MenuEntry[];
}

const supportDevAdmin = ['support', 'dev'] as const;

/**
 * The navbar, as the menu table of the analytics specification §6 assigns areas to roles.
 * `admin` passes every check, so "admin only" areas list no other role.
 */
export const MENU: readonly MenuArea[] = [
  {
    label: 'Support',
    access: supportDevAdmin,
    entries: [
      { state: 'support', label: 'Support', path: '/support', access: supportDevAdmin },
      { state: 'supportplus', label: 'Support Plus', path: '/supportPlus', access: supportDevAdmin },
      { state: 'devicetypes', label: 'Device Types', path: '/devicetypes', access: supportDevAdmin },
      {
        state: 'integration-stats',
        label: 'Integration Stats',
        path: '/integration-stats',
        access: supportDevAdmin,
      },
      {
        state: 'linkplus-structures',
        label: 'Top Structures',
        path: '/linkplus-structures',
        access: supportDevAdmin,
      },
      {
        state: 'linkplus-structures-recent',
        label: 'Recent Structures',
        path: '/linkplus-structures-recent',
        access: supportDevAdmin,
      },
      {
        state: 'new-user-gen2',
        label: 'LinkPlus Customers',
        path: '/new-user-gen2',
        access: supportDevAdmin,
      },
      {
        state: 'new-user-track',
        label: 'Recent Disconnected Users',
        path: '/new-user-track',
        access: supportDevAdmin,
      },
      // Issue 33: one expression over every hub's messages (not in the analytics specification's table).
      { state: 'fleet', label: 'Fleet Lens', path: '/supportPlus/fleet', access: supportDevAdmin },
    ],
  },
  {
    label: 'Stats',
    access: ['stats', 'dev'],
    entries: [
      { state: 'stats', label: 'Statistics', path: '/stats', access: ['stats', 'dev'] },
      { state: 'command-stats', label: 'Daily Commands', path: '/command-stats', access: ['stats', 'dev'] },
      {
        state: 'command-stats-acks',
        label: 'Command Acks',
        path: '/command-stats-acks',
        access: ['stats', 'dev'],
      },
      {
        state: 'command-stats-demmand',
        label: 'Command Demand',
        path: '/command-stats-demmand',
        access: ['stats', 'dev'],
      },
      { state: 'api-users', label: 'Voice Users', path: '/api-users', access: ['stats', 'dev'] },
    ],
  },
  {
    label: 'Auth',
    access: ['authData', 'dev'],
    entries: [
      { state: 'user-email', label: 'User Auth Data', path: '/userEmail', access: ['authData', 'dev'] },
      {
        state: 'auth-token-introspect',
        label: 'Token Introspect',
        path: '/authTokenIntrospect',
        access: ['authData', 'dev'],
      },
    ],
  },
  {
    label: 'Dev',
    access: ['dev'],
    entries: [
      { state: 'protocolerrors', label: 'Protocol Errors', path: '/protocolerrors', access: ['dev'] },
      { state: 'sockets-admin', label: 'Admin Sockets', path: '/sockets-admin', access: ['dev'] },
      { state: 'socket-users', label: 'User Sockets', path: '/socket-users', access: ['dev'] },
      { state: 'link2', label: 'Link2 Simulator', path: '/link2', access: ['dev'] },
      { state: 'move-links', label: 'Move Links', path: '/moveLinks', access: ['dev'] },
    ],
  },
  {
    label: 'Admin tools',
    // Admin only, but for the services view, which dev (who run and scale the services) see too.
    access: ['dev'],
    entries: [
      { state: 'datamonitor-stats', label: 'Data Monitor Stats', path: '/datamonitor-stats', access: [] },
      { state: 'auth-manage', label: 'Manage Auth', path: '/authManage', access: [] },
      { state: 'worldmap', label: 'World Map', path: '/worldmap', access: [] },
      { state: 'supervisord', label: 'Supervisor', path: '/supervisord', access: [] },
      { state: 'worker-connections', label: 'Worker Connections', path: '/worker-connections', access: [] },
      { state: 'services', label: 'Services', path: '/services', access: ['dev'] },
    ],
  },
  {
    label: 'Data',
    access: ['datauser'],
    entries: [
      { state: 'linkplus-data', label: 'Link Plus Data', path: '/linkplus-data', access: ['datauser'] },
      { state: 'datamonitor', label: 'DM Energy', path: '/datamonitor', access: ['datauser'] },
      { state: 'survey-links', label: 'Survey Links', path: '/surveyLinks', access: ['datauser'] },
    ],
  },
  {
    label: 'Accounts',
    access: ['accounts'],
    entries: [
      { state: 'user-dataaccess', label: 'User Data Access', path: '/user-dataaccess', access: ['accounts'] },
    ],
  },
  {
    label: 'Link Direct',
    access: ['linkDirect'],
    entries: [{ state: 'linkDirect', label: 'Link Direct', path: '/linkDirect', access: ['linkDirect'] }],
  },
  {
    label: 'Reports',
    access: ['marketing'],
    entries: [
      { state: 'allemails', label: 'All E-mails', path: '/allemails', access: ['marketing'] },
      { state: 'links', label: 'Links', path: '/links', access: ['marketing'] },
      { state: 'userdevices', label: 'User Devices', path: '/user-devices', access: ['marketing'] },
      {
        state: 'connectuseractivelink',
        label: 'Connect Active Links',
        path: '/connectuseractivelink',
        access: ['marketing'],
      },
      { state: 'useractivelink', label: 'Active Link Plus', path: '/useractivelink', access: ['marketing'] },
      {
        state: 'user-products-with-connect',
        label: 'Products With Connect',
        path: '/user-products-with-connect',
        access: ['marketing'],
      },
    ],
  },
];
