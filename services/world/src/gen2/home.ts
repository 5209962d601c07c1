import type { Feature, Group, GroupType, ProductDoc, StructureDoc } from '@console/contracts';
import { formatDeviceId } from '@console/contracts';
import type { Rng } from '../rng.ts';

/**
 * A structure being built: numbers every object inside it (devices, features, groups, automations
 * share one counter, as ids of the form {structure}-{number}-{linkId}+{index}), and keeps the maps
 * the structure document holds.
 */
export class Home {
  private counter = 0;
  readonly structure: StructureDoc;
  readonly products: ProductDoc[] = [];
  readonly rooms: Group[] = [];

  readonly rng: Rng;
  readonly structureNumber: string;
  readonly userIds: string[];
  constructor(
    rng: Rng,
    structureNumber: string,
    rootGroupId: string,
    name: string,
    userIds: string[],
    created: Date,
    updated: Date,
  ) {
    this.rng = rng;
    this.structureNumber = structureNumber;
    this.userIds = userIds;
    this.structure = {
      rootGroupId,
      name,
      version: rng.int(1, 400),
      createdDate: created,
      updatedDate: updated,
      devices: {},
      features: {},
      _groups: {},
      automations: {},
      link2: [],
      licenses: {},
      userRootAccess: [],
    };
  }

  /** The next id inside the structure, on link `linkId`, channel `index`. */
  nextId(linkId: number, index = 1): string {
    this.counter += 1;
    return formatDeviceId({ structure: this.structureNumber, deviceNumber: this.counter, linkId, index });
  }

  /** The link that groups and automations are numbered on: the first hub, or 0 in a home without one. */
  get mainLink(): number {
    return this.structure.link2[0] ?? 0;
  }

  group(type: GroupType, name: string, extra: Partial<Group> = {}, id?: string): Group {
    const group: Group = {
      groupId: id ?? this.nextId(this.mainLink),
      type,
      name,
      features: [],
      automations: [],
      parentGroups: type === 'rootGroup' ? [] : [this.structure.rootGroupId],
      visible: true,
      access: [...this.userIds],
      accessCount: this.userIds.length,
      order: Object.keys(this.structure._groups).length,
      ...extra,
    };
    this.structure._groups[group.groupId] = group;
    return group;
  }

  feature(
    deviceId: string,
    linkId: number,
    type: string,
    channel: number,
    name: string,
    groups: string[],
  ): Feature {
    const feature: Feature = {
      featureId: this.nextId(linkId, channel),
      name,
      deviceId,
      attributes: { type, channel },
      groups,
      key: channel > 1 ? `${type}${channel}` : type,
    };
    this.structure.features[feature.featureId] = feature;
    for (const g of groups) this.structure._groups[g]?.features.push(feature.featureId);
    return feature;
  }

  /** Features of a kind of type, for groupings and automations. */
  featuresOfType(...types: string[]): Feature[] {
    return Object.values(this.structure.features).filter((f) => types.includes(f.attributes.type));
  }
}
