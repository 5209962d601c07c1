import type { MapMarker } from '@console/contracts';
import { Box, Button, Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { panBy, transformOf, type View, zoomAround } from './geo.ts';
import { drawLand, type Land, loadLand } from './land.ts';
import { drawPoints, type PointLayer } from './points.ts';

const HEIGHT = 600;

/**
 * The map: Natural Earth land on one canvas, the links on another (written as pixels, so 100,000
 * points cost a few milliseconds a frame). Drag to pan, wheel or the buttons to zoom. The view
 * lives in a ref, not in React state: a drag moves it and asks for one animation frame, and
 * nothing else re-renders while the map moves. `goTo` (a new object each time) moves it from
 * outside, e.g. to focus a link.
 */
export function MapCanvas({
  layers,
  goTo,
  focus,
}: {
  layers: readonly PointLayer[];
  goTo: View;
  focus: MapMarker | null;
}) {
  const { ref: boxRef, width } = useElementSize();
  const landRef = useRef<HTMLCanvasElement>(null);
  const pointsRef = useRef<HTMLCanvasElement>(null);
  const [land, setLand] = useState<Land | null>(null);
  const [zoom, setZoom] = useState(goTo.zoom);
  const view = useRef(goTo);
  const latest = useRef({ layers, focus, land, width });
  latest.current = { layers, focus, land, width };
  const frame = useRef(0);
  const image = useRef<{ data: ImageData | null }>({ data: null });

  useEffect(() => {
    let live = true;
    void loadLand().then((l) => live && setLand(l));
    return () => {
      live = false;
    };
  }, []);

  const draw = () => {
    frame.current = 0;
    const { layers: ls, focus: f, land: l, width: w } = latest.current;
    const landCtx = landRef.current?.getContext('2d');
    const pointsCtx = pointsRef.current?.getContext('2d');
    if (!landCtx || !pointsCtx || w < 1) return;
    const start = performance.now();
    const t = transformOf(view.current, w, HEIGHT);
    drawLand(landCtx, l, t, w, HEIGHT);
    drawPoints(pointsCtx, image.current, ls, t, w, HEIGHT, f);
    // A user-timing entry per frame: the benchmark reads how long drawing takes.
    performance.measure('world-map-draw', { start });
  };
  const schedule = () => {
    if (!frame.current) frame.current = requestAnimationFrame(draw);
  };
  const move = (next: View) => {
    view.current = next;
    if (next.zoom !== zoom) setZoom(next.zoom);
    schedule();
  };

  useEffect(() => {
    view.current = goTo;
    setZoom(goTo.zoom);
  }, [goTo]);
  // Any input change (and the first layout) draws once.
  useEffect(schedule, [goTo, layers, focus, land, width]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const drag = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (e: React.PointerEvent) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerMove = (e: React.PointerEvent) => {
    const from = drag.current;
    if (!from) return;
    drag.current = { x: e.clientX, y: e.clientY };
    move(panBy(view.current, e.clientX - from.x, e.clientY - from.y));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const zoomBy = (delta: number) =>
    move(zoomAround(view.current, delta, width / 2, HEIGHT / 2, width, HEIGHT));

  // React's wheel listener is passive; the map must keep the page from scrolling.
  const moveRef = useRef(move);
  moveRef.current = move;
  useEffect(() => {
    const el = pointsRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      const w = latest.current.width;
      moveRef.current(
        zoomAround(
          view.current,
          -Math.sign(e.deltaY) * 0.5,
          e.clientX - r.left,
          e.clientY - r.top,
          w,
          HEIGHT,
        ),
      );
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  return (
    <Box>
      <Group gap="xs" mb={4}>
        <Button size="compact-sm" variant="default" onClick={() => zoomBy(1)}>
          Zoom in
        </Button>
        <Button size="compact-sm" variant="default" onClick={() => zoomBy(-1)}>
          Zoom out
        </Button>
        <Text size="sm" c="dimmed">
          Zoom {zoom.toFixed(1)} · drag to pan{land ? '' : ' · loading the map…'}
        </Text>
      </Group>
      <Box ref={boxRef} pos="relative" h={HEIGHT} style={{ overflow: 'hidden', touchAction: 'none' }}>
        <canvas ref={landRef} width={width} height={HEIGHT} style={{ position: 'absolute', inset: 0 }} />
        <canvas
          ref={pointsRef}
          width={width}
          height={HEIGHT}
          role="img"
          aria-label="World map of WiFi links"
          style={{ position: 'absolute', inset: 0, cursor: 'grab' }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        />
      </Box>
    </Box>
  );
}
