import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { Intel, IntelMeasure } from '@resim/contracts';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay, formatRate, inUnits } from './intel-format';

const colors = {
  started: 'var(--mantine-color-blue-3)',
  finished: 'var(--mantine-color-blue-7)',
  completion: 'var(--mantine-color-teal-6)',
  min: 'var(--mantine-color-gray-5)',
  average: 'var(--mantine-color-indigo-6)',
  max: 'var(--mantine-color-gray-7)',
};

/** A chart with its title; the figure is named by it for screen readers, who read the tables below. */
const ChartCard = ({ title, description, children }: { title: string; description: string; children: ReactNode }) => (
  <Card withBorder radius="md" padding="md" component="figure" m={0} aria-label={title}>
    <Title order={3} fz="md">
      {title}
    </Title>
    <Text component="figcaption" fz="sm" c="dimmed" mb="sm">
      {description}
    </Text>
    <ResponsiveContainer width="100%" height={260}>
      {children}
    </ResponsiveContainer>
  </Card>
);

const percent = (value: unknown) => formatRate(typeof value === 'number' ? value : null);

/** Runs started and finished in each day or week. */
export const TrendChart = ({ trend, by }: { trend: Intel['trend']; by: Intel['filters']['by'] }) => (
  <ChartCard
    title={by === 'week' ? 'Runs by week' : 'Runs by day'}
    description={
      by === 'week'
        ? 'Runs started in each week from Monday, and how many of them finished'
        : 'Runs started on each day, and how many of them finished'
    }
  >
    <BarChart data={trend} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="day" tickFormatter={formatDay} />
      <YAxis allowDecimals={false} />
      <Tooltip labelFormatter={(day) => (typeof day === 'string' ? formatDay(day) : '')} />
      <Legend />
      <Bar dataKey="started" name="Started" fill={colors.started} isAnimationActive={false} />
      <Bar dataKey="finished" name="Finished" fill={colors.finished} isAnimationActive={false} />
    </BarChart>
  </ChartCard>
);

/** Each scenario's share of runs finished. */
export const CompletionChart = ({ scenarios }: { scenarios: Intel['scenarios'] }) => (
  <ChartCard title="Completion by scenario" description="The share of the runs started that finished">
    <BarChart
      data={scenarios.filter((scenario) => scenario.started > 0)}
      layout="vertical"
      margin={{ top: 8, right: 16, bottom: 0, left: 8 }}
    >
      <CartesianGrid strokeDasharray="3 3" horizontal={false} />
      <XAxis type="number" domain={[0, 1]} tickFormatter={percent} />
      <YAxis type="category" dataKey="resimName" width={140} />
      <Tooltip formatter={percent} />
      <Bar dataKey="completionRate" name="Completion" fill={colors.completion} isAnimationActive={false} />
    </BarChart>
  </ChartCard>
);

/** One measure's lowest, average and highest final value. */
const MeasureChart = ({ measure }: { measure: IntelMeasure }) => (
  <ChartCard
    title={`${measure.name} · ${measure.resimName}`}
    description={`Final values of ${measure.runs} finished runs; standard deviation ${inUnits(measure, measure.standardDeviation)}`}
  >
    <BarChart
      data={[
        { label: 'Lowest', value: measure.min, fill: colors.min },
        { label: 'Average', value: measure.average, fill: colors.average },
        { label: 'Highest', value: measure.max, fill: colors.max },
      ]}
      margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" />
      <YAxis />
      <Tooltip formatter={(value) => inUnits(measure, Number(value))} />
      <Bar dataKey="value" name={measure.name} isAnimationActive={false} />
    </BarChart>
  </ChartCard>
);

/** The spread of every measure's final values. */
export const MeasureCharts = ({ measures }: { measures: readonly IntelMeasure[] }) => (
  <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
    {measures.map((measure) => (
      <MeasureChart key={`${measure.resimId}/${measure.id}`} measure={measure} />
    ))}
  </SimpleGrid>
);
