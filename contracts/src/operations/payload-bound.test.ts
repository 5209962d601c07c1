import { describe, expect, it } from 'vitest';
import { OPERATIONS } from './index.ts';
import { BROKER_MAX_PAYLOAD, payloadBound } from './payload-bound.ts';

/*
 * Issue 28: no answer may exceed the broker's payload. Each operation's response schema either
 * bounds every list (`maxItems`) and map (`maxProperties`), and then its worst-case JSON (strings
 * at their `maxLength`, or ASSUMED_STRING_LENGTH) fits in BROKER_MAX_PAYLOAD, or the operation is
 * listed below with why it is not capped yet. An entry whose answer has become bounded fails the
 * test until it is removed, so the list only shrinks.
 */
const AUTH =
  'Lists of staff, roles, things and sessions: they grow with the staff, not the world; not capped yet';
const HUB =
  'Hub-control lists (connected hubs, channels, recordings, hub state): grow with live hubs; not capped yet';
const SEARCH = 'Search and Support Plus lists: paged by the query limit, but the schema has no maxItems yet';
const STATS = 'Statistics reports and panels (rows per day, per product, per agent): not capped yet';
const SUPERVISOR =
  'Supervisor lists (services, instances, probes): grow with the deployment, not the world; not capped yet';

const NOT_CAPPED_YET: Record<string, string> = {
  'auth.adminList': AUTH,
  'auth.thingsList': AUTH,
  'auth.authManageQuery': AUTH,
  'auth.authManageDelete': AUTH,
  'auth.tokenIntrospect': AUTH,
  'auth.userAuthLookup': AUTH,
  'auth.customerRoles': AUTH,
  'auth.customerRoleAdd': AUTH,
  'auth.customerRoleDelete': AUTH,
  'hub-control.linkReset': HUB,
  'hub-control.resetErrorState': HUB,
  'hub-control.removeLink': HUB,
  'hub-control.syncLink': HUB,
  'hub-control.backup': HUB,
  'hub-control.backupRestore': HUB,
  'hub-control.updateBackup': HUB,
  'hub-control.getBackup': HUB,
  'hub-control.firmwareRead': HUB,
  'hub-control.firmwareUpdate': HUB,
  'hub-control.systemRead': HUB,
  'hub-control.getLiveInfo': HUB,
  'hub-control.getDeviceStatus': HUB,
  'hub-control.featureRead': HUB,
  'hub-control.allFeatureStates': HUB,
  'hub-control.featureLiveRead': HUB,
  'hub-control.featureWrite': HUB,
  'hub-control.channelList': HUB,
  'hub-control.channelListPage': HUB,
  'hub-control.userPresence': HUB,
  'hub-control.hub': HUB,
  'hub-control.surveyLinks': HUB,
  'hub-control.surveyBackup': HUB,
  'hub-control.recentFailedCommands': HUB,
  'hub-control.hubRecording': HUB,
  'hub-control.actionStages': HUB,
  'hub-control.actionStagesByCorrelation': HUB,
  'hub-control.hubTimeline': HUB,
  'hub-control.pingsLatest': HUB,
  'hub-control.wflCommands': HUB,
  'hub-control.wflCommandsCount': HUB,
  'hub-control.wflCommandsOlder': HUB,
  'hub-control.noReplyCommands': HUB,
  'hub-control.rawSend': HUB,
  'hub-control.deployments': HUB,
  'search.findUser': SEARCH,
  'search.findAdvanced': SEARCH,
  'search.findByDevice': SEARCH,
  'search.findByDeviceId': SEARCH,
  'search.findCommercial': SEARCH,
  'search.findFirmware': SEARCH,
  'search.findExtra': SEARCH,
  'search.findExtraDevice': SEARCH,
  'search.findUserByMac': SEARCH,
  'search.autocomplete': SEARCH,
  'search.supportPlusSearch': SEARCH,
  'search.supportPlusAutocomplete': SEARCH,
  'search.structure': SEARCH,
  'search.overview': SEARCH,
  'search.query': SEARCH,
  'search.loadNotes': SEARCH,
  'search.viewHistory': SEARCH,
  'search.recentNotes': SEARCH,
  'search.myViews': SEARCH,
  'search.getEnergy': SEARCH,
  'search.getEnergyOrder': SEARCH,
  'search.getEnergyCount': SEARCH,
  'search.transactions': SEARCH,
  'search.syncUpdates': SEARCH,
  'search.connections': SEARCH,
  'search.logs': SEARCH,
  'search.releaseQueue': SEARCH,
  'search.backups': SEARCH,
  'search.accessRequests': SEARCH,
  'search.deviceStatus': SEARCH,
  'search.notifications': SEARCH,
  'search.agents': SEARCH,
  'search.alexaDiscovered': SEARCH,
  'search.wifilinks': SEARCH,
  'search.wifilinksEnergy': SEARCH,
  'search.connectedDb': SEARCH,
  'search.deviceTypes': SEARCH,
  'search.deviceTypeValues': SEARCH,
  'search.devicesList': SEARCH,
  'search.devices': SEARCH,
  'search.socketLogPanel': SEARCH,
  'search.getMetaData': SEARCH,
  'search.wflLink': SEARCH,
  'search.wflPlist': SEARCH,
  'search.wflApiCommands': SEARCH,
  'search.wflTriggers': SEARCH,
  'search.wflLogs': SEARCH,
  'search.gen1AlexaDiscovered': SEARCH,
  'supervisor.hostsList': SUPERVISOR,
  'supervisor.hostsAdd': SUPERVISOR,
  'supervisor.processInfo': SUPERVISOR,
  'supervisor.restart': SUPERVISOR,
  'supervisor.workerLinksOffline': SUPERVISOR,
  'supervisor.workerGet': SUPERVISOR,
  'supervisor.servicesView': SUPERVISOR,
  'stats.productsByDate': STATS,
  'stats.hubSummary': STATS,
  'stats.usersWithApi': STATS,
  'stats.ackStats': STATS,
  'stats.demand': STATS,
  'stats.daily': STATS,
  'stats.linkplusStatistics': STATS,
  'stats.dmStatistics': STATS,
  'stats.usersPercentWithVoice': STATS,
  'stats.productStructuresRecent': STATS,
  'stats.topStructures': STATS,
  'stats.structuresRecent': STATS,
  'stats.recentUsers': STATS,
  'stats.userTrack': STATS,
  'stats.featureHistory': STATS,
  'stats.reportInProgress': STATS,
  'stats.reportAllEmails': STATS,
  'stats.reportActiveConnect': STATS,
  'stats.reportLinks': STATS,
  'stats.reportActiveLinkPlus': STATS,
  'stats.reportUserDevices': STATS,
  'stats.reportProductsWithConnect': STATS,
  'stats.productMetaAll': STATS,
  'stats.productMetaFilter': STATS,
  'stats.featureTypes': STATS,
  'stats.featureIdsByProductAndType': STATS,
  'stats.runFeatureData': STATS,
  'stats.cancelFeatureData': STATS,
  'stats.featureDataResult': STATS,
};

describe('every answer fits in the broker payload', () => {
  for (const o of OPERATIONS) {
    const reason = NOT_CAPPED_YET[o.id];
    if (reason) {
      it(`${o.id} is still unbounded (${reason})`, () => {
        expect(payloadBound(o.response).unbounded, 'bounded now: remove it from NOT_CAPPED_YET').not.toEqual(
          [],
        );
      });
      continue;
    }
    it(`${o.id} answers at most ${BROKER_MAX_PAYLOAD} bytes`, () => {
      const b = payloadBound(o.response);
      expect(b.unbounded).toEqual([]);
      expect(b.bytes).toBeLessThanOrEqual(BROKER_MAX_PAYLOAD);
    });
  }

  it('lists only operations that exist', () => {
    const ids = new Set(OPERATIONS.map((o) => o.id));
    expect(Object.keys(NOT_CAPPED_YET).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('the statistics answer (a tab over 3650 days of thousands of groups) is capped and fits', () => {
    const tab = OPERATIONS.find((o) => o.id === 'stats.tab');
    if (!tab) throw new Error('no stats.tab');
    const b = payloadBound(tab.response);
    expect(b.unbounded).toEqual([]);
    expect(b.bytes).toBeGreaterThan(BROKER_MAX_PAYLOAD / 2);
    expect(b.bytes).toBeLessThanOrEqual(BROKER_MAX_PAYLOAD);
  });
});

describe('payloadBound', () => {
  it('counts a capped list at its cap and names an uncapped one', async () => {
    const { Type } = await import('@sinclair/typebox');
    const capped = payloadBound(Type.Array(Type.String({ maxLength: 10 }), { maxItems: 3 }));
    expect(capped).toEqual({ bytes: 2 + 3 * (22 + 1), unbounded: [] });
    const open = payloadBound(Type.Object({ rows: Type.Array(Type.Record(Type.String(), Type.Integer())) }));
    expect(open.bytes).toBe(Number.POSITIVE_INFINITY);
    expect(open.unbounded).toEqual(['$.rows[]', '$.rows[]{}']);
  });
});
