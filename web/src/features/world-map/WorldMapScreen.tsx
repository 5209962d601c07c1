import { type MapMarker, WORLD_MAP } from '@console/contracts';
import { Alert, Anchor, Badge, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { DateRangeInputs } from '../../shared/ui/DateInput.tsx';
import { formatStamp } from '../../shared/ui/dates.ts';
import { TitledTable } from '../../shared/ui/TitledTable.tsx';
import { Toggle } from '../../shared/ui/Toggle.tsx';
import { type View, viewAt } from './geo.ts';
import { MapCanvas } from './MapCanvas.tsx';
import { addedOn, hasBadCoordinates, isLightwave, LAYERS, type LayerId, layerOf } from './markers.ts';
import { rangeOf, startOfDay, withDefaults } from './params.ts';
import { toPoints } from './points.ts';
import { useMarkerLoad } from './use-marker-load.ts';

const route = getRouteApi('/_auth/worldmap');
const FOCUS_ZOOM = 11;

/** /worldmap (seed 002 §2 "World map"): WiFi links by brand layer, added counts, bad rows. */
export function WorldMapScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const s = withDefaults(search);
  const [draft, setDraft] = useState({ from: s.from, to: s.to });
  const [run, setRun] = useState(0);
  const load = useMarkerLoad(rangeOf(s), s.energy, run);
  const [visible, setVisible] = useState<Record<LayerId, boolean>>(
    () => Object.fromEntries(LAYERS.map((l) => [l.id, l.visible])) as Record<LayerId, boolean>,
  );
  const [goTo, setGoTo] = useState<View>(() =>
    viewAt(WORLD_MAP.centre.lat, WORLD_MAP.centre.lng, WORLD_MAP.zoom),
  );
  const [focus, setFocus] = useState<MapMarker | null>(null);

  const { layers, bad, listed, shown, today, yesterdayCount } = useMemo(() => {
    const rows = s.onlyLw ? load.rows.filter(isLightwave) : load.rows;
    const byLayer: Record<LayerId, MapMarker[]> = { product: [], coco: [], nexa: [] };
    const badRows: MapMarker[] = [];
    for (const m of rows) {
      if (hasBadCoordinates(m)) badRows.push(m);
      else byLayer[layerOf(m.mac)].push(m);
    }
    const drawn = LAYERS.filter((l) => visible[l.id]).map((l) => toPoints(byLayer[l.id], l.color));
    const shownCount = LAYERS.reduce((n, l) => n + (visible[l.id] ? byLayer[l.id].length : 0), 0);
    return {
      layers: drawn,
      bad: badRows,
      listed: rows.length,
      shown: shownCount,
      ...addedOn(rows, startOfDay(s.to)),
    };
  }, [load.version, load.rows, s.onlyLw, s.to, visible]);

  const apply = (next: Partial<typeof s>) =>
    navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  const focusOn = (m: MapMarker) => {
    setFocus(m);
    if (!hasBadCoordinates(m)) setGoTo(viewAt(m.lat as number, m.long as number, FOCUS_ZOOM));
  };

  return (
    <Stack gap="sm">
      <Title order={1}>World Map</Title>
      <Group align="flex-end" gap="sm">
        <DateRangeInputs value={draft} onChange={setDraft} />
        <Button
          onClick={() => {
            setRun((n) => n + 1);
            apply({ from: draft.from, to: draft.to });
          }}
        >
          Load
        </Button>
        <Toggle label="Energy Only" checked={s.energy} onChange={(on) => apply({ energy: on })} />
        <Toggle label="Only LW" checked={s.onlyLw} onChange={(on) => apply({ onlyLw: on })} />
      </Group>
      <Group gap="md">
        <Text size="sm" fw={500}>
          Layers
        </Text>
        {LAYERS.map((l) => (
          <Toggle
            key={l.id}
            label={l.label}
            color={l.color}
            checked={visible[l.id]}
            onChange={(on) => setVisible({ ...visible, [l.id]: on })}
          />
        ))}
      </Group>
      <Group gap="sm">
        <Badge variant="light" size="lg">
          Added today: {today.length}
        </Badge>
        <Badge variant="light" size="lg" color="gray">
          Added yesterday: {yesterdayCount}
        </Badge>
        <Text size="sm" role="status">
          {load.loading ? 'Loading… ' : load.error ? 'Stopped at ' : 'Loaded '}
          {listed.toLocaleString()} links ({shown.toLocaleString()} on the map, batch{' '}
          {load.batchSize.toLocaleString()})
          {load.loadedAt && !load.loading ? ` · refreshes every ${WORLD_MAP.refreshMs / 1000} s` : ''}
        </Text>
      </Group>
      {load.error && (
        <Alert color="red" title="Error">
          Error: {load.error}
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <MapCanvas layers={layers} goTo={goTo} focus={focus} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <Stack gap="md">
            <TitledTable
              order={2}
              title="Added today"
              rows={today}
              rowKey={(m) => m.id}
              empty="None today"
              columns={[
                { header: 'MAC', cell: (m) => m.mac },
                {
                  header: 'Added',
                  cell: (m) => (
                    <Anchor component="button" type="button" size="sm" onClick={() => focusOn(m)}>
                      {formatStamp(m.time)}
                    </Anchor>
                  ),
                },
              ]}
            />
            <TitledTable
              order={2}
              title="Bad coordinates"
              rows={bad}
              rowKey={(m) => m.id}
              columns={[
                { header: 'MAC', cell: (m) => m.mac },
                { header: 'Lat', cell: (m) => String(m.lat) },
                { header: 'Long', cell: (m) => String(m.long) },
                { header: 'Added', cell: (m) => formatStamp(m.time) },
              ]}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
