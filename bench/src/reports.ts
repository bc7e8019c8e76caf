/**
 * Benchmark: the learner reports of an opening of 1,000 ended runs as one zip, GET
 * /admin/resim/{id}/instance/{instanceId}/reports timed from request to the last byte, with GET /healthz
 * probed every 10 ms meanwhile (the zip is made a report at a time, letting the event loop go between
 * them). The runs are played over HTTP as learners play them (join, four tests, a diagnosis, end).
 * Baseline, in the same run and process: pdfkit making the same number of documents of the same text
 * with nothing else, the floor of any PDF per run.
 *
 *   npm run bench:reports                 (builds first)
 *   npx tsx bench/src/reports.ts          (from the repository root, after `npm run build`)
 *
 * Env: BENCH_RUNS (default 1000), BENCH_NO_RESULTS=1.
 */
import os from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { unzipSync } from 'fflate';
import { call, type Api } from './lib/api';
import { guardRun, makeRunDir, runBenchmark, startChild, stopAll, waitUntilUp, type Child } from './lib/child-processes';
import { fmt } from './lib/format';
import { freePort } from './lib/free-port';
import { startHealthProbe } from './lib/health-probe';
import { requireBuiltServer, serverJs } from './lib/paths';
import { appendedUnder, machineLines, writeResultsSection } from './lib/results-file';
import { createBenchDeveloper } from './lib/server-cli';
import { positive } from './lib/settings';
import { forEachLimit } from './lib/stats';
import { host, productEnv } from './lib/live-servers';

const runCount = Math.round(positive('BENCH_RUNS', 1_000));
/** The target. */
const targetMs = 60_000;

guardRun({ budgetMs: 10 * 60_000, stopping: 'the server' });

const tests = Array.from({ length: 12 }, (_, i) => `act${i + 1}`);
const scenario = {
  details: {
    resimName: 'Ward round',
    description: 'A man of 67, breathless on exertion for two weeks, ankles swollen.',
    mode: 2,
    allowAnonymous: true,
    maxConclusions: 1,
    answers: {
      actions: tests.slice(0, 6),
      unnecessaryActions: tests.slice(6, 10),
      harmfulActions: tests.slice(10),
      conclusions: ['conc1'],
    },
  },
  stages: [{ id: 'stg1', name: 'Ward', default: true }],
  measures: [
    { id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 },
    { id: 'measure1', name: 'Cost', type: 1, initial: 0 },
  ],
  actions: tests.map((id, i) => ({
    id,
    name: `Test ${i + 1}`,
    stage: 'stg1',
    facts: `Result of test ${i + 1}: within the reference range for his age.`,
    impact: [
      { measureId: 'points', value: i < 6 ? 5 : -3 },
      { measureId: 'measure1', value: 40 + i },
    ],
  })),
  conclusions: [
    { id: 'conc1', name: 'Heart failure', stage: 'stg1', impact: [{ measureId: 'points', value: 20 }] },
    { id: 'conc2', name: 'Pneumonia', stage: 'stg1', impact: [{ measureId: 'points', value: -10 }] },
  ],
};

/** A learner's steps, varied by their number: four tests, a diagnosis, the end. */
const stepsOf = (n: number) => [
  ...[0, 1, 2, 3].map((k) => ({ type: 'runAction', actionId: tests[(n + k * 3) % tests.length]! })),
  { type: 'confirmConclusions', conclusionIds: [n % 3 === 0 ? 'conc2' : 'conc1'] },
  { type: 'end' },
];

/** The floor: pdfkit writing `count` documents of a report's length with nothing read or worked out. */
const barePdfs = async (count: number): Promise<number> => {
  const started = performance.now();
  for (let n = 0; n < count; n += 1)
    await new Promise<void>((resolve, reject) => {
      const doc = new PDFDocument({ size: 'A4', margin: 56 });
      doc.on('data', () => undefined);
      doc.on('end', resolve);
      doc.on('error', reject);
      doc.font('Helvetica-Bold').fontSize(18).text('Ward round');
      doc.font('Helvetica').fontSize(10);
      for (let line = 0; line < 30; line += 1) doc.text(`Line ${line} of learner ${n}: result of a test within the reference range.`);
      doc.end();
    });
  return performance.now() - started;
};

const main = async () => {
  requireBuiltServer('npm run build');
  const started = new Date();
  const loadBefore = os.loadavg()[0]!;
  const tmp = makeRunDir('resim-bench-reports-');
  let figures: {
    zipMs: number;
    bytes: number;
    files: number;
    bareMs: number;
    health: Awaited<ReturnType<Awaited<ReturnType<typeof startHealthProbe>>['stop']>>;
  };
  try {
    const port = await freePort(host);
    const base = `http://${host}:${port}`;
    const env = productEnv(path.join(tmp, 'sqlite'), port);
    const token = await createBenchDeveloper(env);
    const server: Child = startChild('product server', [serverJs], env);
    await waitUntilUp(server, `${base}/healthz`);
    const api: Api = { base, headers: { authorization: `Bearer ${token}` } };
    const space = await call<{ id: string }>(api, 'POST', '/admin/space', { description: 'Ward' });
    const { id, code } = await call<{ id: string; code: string }>(api, 'POST', '/admin/resim/new', { groupId: space.id });
    await call(api, 'PATCH', `/admin/resim/${id}`, scenario);
    const opened = await call<{ instances: { id: string }[] }>(api, 'POST', `/admin/control/${id}/2`, undefined);
    const instanceId = opened.instances.at(-1)!.id;

    const playing = performance.now();
    await forEachLimit(runCount, 20, async (n) => {
      const join = await fetch(`${base}/learn/join/${code}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ nickname: `learner${n}` }),
      });
      if (!join.ok) throw new Error(`join refused: ${join.status} ${await join.text()}`);
      const joined = (await join.json()) as { gameId: string; runToken: string };
      for (const step of stepsOf(n)) {
        const response = await fetch(`${base}/learn/game/${joined.gameId}/event`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-run-token': joined.runToken },
          body: JSON.stringify(step),
        });
        if (!response.ok) throw new Error(`step refused: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      }
    });
    console.log(`Played ${fmt(runCount)} runs over HTTP in ${fmt(performance.now() - playing)} ms`);

    const probe = await startHealthProbe(`${base}/healthz`);
    const zipStarted = performance.now();
    const response = await fetch(`${base}/admin/resim/${id}/instance/${instanceId}/reports`, { headers: api.headers });
    const zip = new Uint8Array(await response.arrayBuffer());
    const zipMs = performance.now() - zipStarted;
    const health = await probe.stop();
    if (!response.ok) throw new Error(`reports refused: ${response.status}`);
    const files = Object.keys(unzipSync(zip)).length;
    if (files !== runCount) throw new Error(`the zip holds ${files} reports, not ${runCount}`);
    console.log(
      `Zip of ${fmt(files)} reports: ${fmt(zipMs)} ms, ${fmt(zip.length)} bytes; /healthz p99 ${fmt(health.p99)} ms, max ${fmt(health.max)} ms`,
    );
    server.process.kill('SIGTERM');
    const bareMs = await barePdfs(runCount);
    console.log(`Bare pdfkit, ${fmt(runCount)} documents: ${fmt(bareMs)} ms`);
    figures = { zipMs, bytes: zip.length, files, bareMs, health };
  } finally {
    await stopAll();
  }

  const table = [
    '| | product | bare pdfkit | product / bare | target |',
    '| --- | ---: | ---: | ---: | --- |',
    `| ${fmt(runCount)} reports as one zip (ms) | ${fmt(figures.zipMs)} | ${fmt(figures.bareMs)} | ${(figures.zipMs / figures.bareMs).toFixed(1)}× | < 60 s: ${figures.zipMs < targetMs ? 'met' : 'NOT met'} |`,
    `| zip size | ${fmt(Math.round(figures.bytes / 1024))} KiB | | | |`,
    `| /healthz while it is made, p99 / max (ms) | ${fmt(figures.health.p99)} / ${fmt(figures.health.max)} (${fmt(figures.health.count)} probes) | | | |`,
  ].join('\n');
  console.log(`\n${table}`);

  if (process.env.BENCH_NO_RESULTS !== '1') {
    const block = [
      `Command: \`${process.env.npm_lifecycle_event === 'bench:reports' ? 'npm run bench:reports' : 'npx tsx bench/src/reports.ts'}\`. ` +
        `An opening of ${fmt(runCount)} runs played over HTTP (each: join, four tests, a diagnosis, end) on SQLite; GET …/reports timed ` +
        `from sending to the last byte of the zip over loopback, every entry checked; GET /healthz probed every 10 ms meanwhile from a ` +
        `thread of its own. Baseline, in the same run: pdfkit making as many documents of about a report's length with nothing read.`,
      '',
      table,
      '',
      ...machineLines(loadBefore, started),
    ].join('\n');
    writeResultsSection('reports', block, appendedUnder('Learner reports: 1,000 as one zip'));
  }
};

runBenchmark(main, (error) => error.message);
