import { ApiError, DEVICE_TYPES_PAGE, type DeviceTypeRow, searchOperations } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';

/** /devicetypes (seed 000 §2): the Gen1 device types, 10 a page, and the values of one. */
export function deviceTypeHandlers(app: FastifyInstance) {
  return defineHandlers(searchOperations, {
    'search.deviceTypes': async ({ params }) => {
      const page = Number(params.page);
      const [rows, count] = await Promise.all([
        app.pg.query<{
          device_type_id: number;
          name: string;
          wlf_code: string;
          active: number;
          prod: number;
          is_heating: number;
          values: string;
        }>(
          `select t.device_type_id, t.name, t.wlf_code, t.active, t.prod, t.is_heating,
                  (select count(*) from device_type_values v where v.device_type_id = t.device_type_id) as values
             from device_types t order by t.device_type_id limit $1 offset $2`,
          [DEVICE_TYPES_PAGE, page * DEVICE_TYPES_PAGE],
        ),
        app.pg.query<{ n: string }>('select count(*) as n from device_types'),
      ]);
      const total = Number(count.rows[0]?.n ?? 0);
      const types: DeviceTypeRow[] = rows.rows.map((r) => ({
        deviceTypeId: r.device_type_id,
        name: r.name,
        wlfCode: r.wlf_code,
        active: r.active === 1,
        prod: r.prod === 1,
        heating: r.is_heating === 1,
        values: Number(r.values),
      }));
      return { page, pages: Math.ceil(total / DEVICE_TYPES_PAGE), total, types };
    },
    'search.deviceTypeValues': async ({ params }) => {
      const id = Number(params.id);
      const type = await app.pg.query('select 1 from device_types where device_type_id = $1', [id]);
      if (type.rowCount === 0) throw new ApiError(404, `There is no device type ${id}.`);
      const values = await app.pg.query<{
        device_type_value_id: number;
        value: string;
        wlf_code: string;
        description: string;
      }>(
        `select device_type_value_id, value, wlf_code, description from device_type_values
          where device_type_id = $1 order by device_type_value_id`,
        [id],
      );
      return values.rows.map((v) => ({
        deviceTypeValueId: v.device_type_value_id,
        value: v.value,
        wlfCode: v.wlf_code,
        description: v.description,
      }));
    },
  });
}
