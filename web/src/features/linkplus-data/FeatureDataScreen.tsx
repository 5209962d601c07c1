import { FEATURE_DATA, type FeatureDataOptions, type ProductsAndFeatures } from '@console/contracts';
import {
  Button,
  Group,
  NumberInput,
  type NumberInputProps,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatLocal } from '../../shared/ui/dates.ts';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { Toggle } from '../../shared/ui/Toggle.tsx';
import { ProductPicker } from './ProductPicker.tsx';
import {
  cancelFeatureData,
  featureDataKeys,
  featureDataResultQueryOptions,
  getFeatureIds,
  type ResultView,
  runFeatureData,
} from './queries.ts';
import { FeatureIdList, ResultPanel } from './ResultPanel.tsx';

const whole = (v: number | string) => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);

/** A run option that takes a whole number from 1 (checked by `whole` on Run). */
function WholeInput(props: NumberInputProps) {
  return <NumberInput min={1} allowDecimal={false} {...props} />;
}

/**
 * /linkplus-data (seed 002 "Feature-data screen"): choose products and feature types, set the run
 * options, Run (a job on the stats service's report queue; the CSV is e-mailed), watch it, Cancel,
 * and read the latest result: stats, exceptions, the sampled values, or the feature ids.
 */
export function FeatureDataScreen() {
  const client = useQueryClient();
  const [chosen, setChosen] = useState<ProductsAndFeatures>([]);
  const [queryLive, setQueryLive] = useState(false);
  const [maxFeatures, setMaxFeatures] = useState<number | string>(FEATURE_DATA.maxFeaturesDefault);
  const [keepFeatureData, setKeepFeatureData] = useState(true);
  const [dbRecs, setDbRecs] = useState<number | string>('');
  const [activeDays, setActiveDays] = useState<number | string>(30);
  const [view, setView] = useState<ResultView>('stats');
  const [problem, setProblem] = useState<string | null>(null);
  const result = useQuery(featureDataResultQueryOptions(view));
  const refresh = () => client.invalidateQueries({ queryKey: featureDataKeys.all });
  const run = useMutation({
    mutationFn: (o: FeatureDataOptions) => runFeatureData(chosen, o),
    onSettled: refresh,
  });
  const cancel = useMutation({ mutationFn: cancelFeatureData, onSettled: refresh });
  const features = useMutation({ mutationFn: getFeatureIds });

  const start = (extra: Partial<FeatureDataOptions> = {}) => {
    setProblem(null);
    if (chosen.length === 0) return setProblem('Choose at least one product feature type first.');
    const max = whole(maxFeatures);
    if (max === undefined || max < 1 || max > FEATURE_DATA.maxFeaturesMax)
      return setProblem(`Max Features: a whole number from 1 to ${FEATURE_DATA.maxFeaturesMax}.`);
    const recs = dbRecs === '' ? undefined : whole(dbRecs);
    if (dbRecs !== '' && (recs === undefined || recs < 1 || recs > FEATURE_DATA.dbRecsMax))
      return setProblem(`DB Recs: empty, or a whole number from 1 to ${FEATURE_DATA.dbRecsMax}.`);
    run.mutate({ queryLive, maxFeatures: max, keepFeatureData, ...(recs ? { dbRecs: recs } : {}), ...extra });
  };
  const data = result.data;
  const running = data?.state === 'running';
  const job = data?.job;
  const pct = job?.rowsTotal ? Math.min(100, (100 * job.rowsDone) / job.rowsTotal) : 0;

  return (
    <Stack gap="md">
      <Title order={1}>Link Plus Data</Title>
      <Text size="sm" c="dimmed">
        The analysis can take a long time: the results are e-mailed to you as a CSV and kept for Get Results.
        dimLevel uses a sample of {FEATURE_DATA.dimLevelSample} records from the database unless DB Recs is
        set.
      </Text>
      <ProductPicker onChange={setChosen} />
      <Group align="end" gap="lg" aria-label="Run options">
        <Toggle
          label="Query Live for missing"
          description="Reads features with no stored value from their hubs (a transaction and a note on each hub, in your name)"
          checked={queryLive}
          onChange={setQueryLive}
        />
        <WholeInput label="Max Features" w={140} value={maxFeatures} onChange={setMaxFeatures} />
        <Toggle label="Keep Feature Data" checked={keepFeatureData} onChange={setKeepFeatureData} />
        <WholeInput label="DB Recs" w={120} value={dbRecs} onChange={setDbRecs} />
      </Group>
      <Group gap="sm">
        <Button onClick={() => start()} loading={run.isPending} disabled={running}>
          Run
        </Button>
        <Button
          color="red"
          variant="light"
          onClick={() => cancel.mutate()}
          disabled={!running}
          loading={cancel.isPending}
        >
          Cancel Feature Data Run
        </Button>
        <Button variant="default" onClick={() => (view === 'stats' ? refresh() : setView('stats'))}>
          Get Results
        </Button>
        <Button variant="default" onClick={() => (view === 'exceptions' ? refresh() : setView('exceptions'))}>
          Get Exceptions
        </Button>
        <Button
          variant="default"
          onClick={() => (view === 'featureData' ? refresh() : setView('featureData'))}
        >
          Get Feature Data
        </Button>
        <Button
          variant="default"
          disabled={chosen.length === 0}
          loading={features.isPending}
          onClick={() => features.mutate(chosen)}
        >
          Get Features
        </Button>
      </Group>
      <Group align="end" gap="sm">
        <WholeInput
          label="Active links in the last days"
          w={220}
          max={3650}
          value={activeDays}
          onChange={setActiveDays}
        />
        <Button
          variant="light"
          disabled={running}
          onClick={() => {
            const days = whole(activeDays);
            if (days === undefined || days < 1 || days > 3650)
              return setProblem('Active days: a whole number from 1 to 3650.');
            start({ activeDays: days });
          }}
        >
          Get Stats
        </Button>
      </Group>
      <ErrorAlert error={problem} aria-label="Feature data problem" />
      <ErrorAlert error={run.error} aria-label="Run refused" />
      <ErrorAlert error={cancel.error} aria-label="Cancel refused" />
      <ErrorAlert error={result.error} aria-label="Result error" />
      <ErrorAlert error={features.error} aria-label="Features error" />
      <Stack gap={4} aria-label="Run state">
        <Text size="sm">
          State: {data?.state ?? '…'}
          {data?.lastRan ? ` · last ran ${formatLocal(data.lastRan)}` : ' · no result yet'}
        </Text>
        {running && job && (
          <>
            <Text size="sm">
              Running for {job.requestedBy}: {job.rowsDone.toLocaleString('en-GB')} of{' '}
              {job.rowsTotal === null ? '…' : job.rowsTotal.toLocaleString('en-GB')} features
            </Text>
            <Progress value={pct} aria-label="Features done" animated />
          </>
        )}
        {!running && job?.status === 'failed' && (
          <Text size="sm" c="red">
            The latest run ended: {job.error}
          </Text>
        )}
      </Stack>
      {features.data && <FeatureIdList ids={features.data} />}
      {data?.result && <ResultPanel result={data.result} view={view} />}
    </Stack>
  );
}
