import { ApiError, type DeviceCommand, type DeviceWithCommands, searchOperations } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';

interface TypeRow {
  device_type_id: number;
  name: string;
  wlf_code: string;
  active: number;
  is_heating: number;
}

// Only catalogue columns: these answers go to anyone, signed in or not.
const TYPE_COLUMNS = 't.device_type_id, t.name, t.wlf_code, t.active, t.is_heating';

const catalogueType = (r: TypeRow) => ({
  deviceTypeId: r.device_type_id,
  name: r.name,
  wlfCode: r.wlf_code,
  heating: r.is_heating === 1,
  active: r.active === 1,
});

/** /devices (seed 000 §2, needs no login): the Gen1 device types and their commands, nothing else. */
export function deviceHandlers(app: FastifyInstance) {
  return defineHandlers(searchOperations, {
    'search.devicesList': async () => {
      const rows = await app.pg.query<TypeRow & { commands: string }>(
        `select ${TYPE_COLUMNS},
                (select count(*) from device_type_values v where v.device_type_id = t.device_type_id) as commands
           from device_types t order by t.device_type_id`,
      );
      return rows.rows.map((r) => ({ ...catalogueType(r), commandCount: Number(r.commands) }));
    },
    'search.devices': async ({ query }) => {
      const type = query.type === undefined ? undefined : Number(query.type);
      const types = await app.pg.query<TypeRow>(
        `select ${TYPE_COLUMNS} from device_types t
          where $1::integer is null or t.device_type_id = $1 order by t.device_type_id`,
        [type ?? null],
      );
      if (type !== undefined && types.rowCount === 0)
        throw new ApiError(404, `There is no device type ${type}.`);
      const values = await app.pg.query<{
        device_type_id: number;
        device_type_value_id: number;
        value: string;
        wlf_code: string;
        description: string;
      }>(
        `select device_type_id, device_type_value_id, value, wlf_code, description from device_type_values
          where $1::integer is null or device_type_id = $1 order by device_type_value_id`,
        [type ?? null],
      );
      const byType = new Map<number, DeviceCommand[]>();
      for (const v of values.rows) {
        const list = byType.get(v.device_type_id) ?? [];
        list.push({
          deviceTypeValueId: v.device_type_value_id,
          value: v.value,
          wlfCode: v.wlf_code,
          description: v.description,
        });
        byType.set(v.device_type_id, list);
      }
      return types.rows.map(
        (t): DeviceWithCommands => ({ ...catalogueType(t), commands: byType.get(t.device_type_id) ?? [] }),
      );
    },
  });
}
