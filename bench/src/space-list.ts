/**
 * Benchmark: GET /admin/space with a valid API token, product server vs a bare Fastify process
 * that answers the same bytes, under the same load, in one run.
 *
 *   npx tsx bench/src/space-list.ts        (from the repository root, after building the server)
 *   npm run bench                          (builds first)
 *
 * Env: BENCH_DURATION (seconds per measured run, default 10), BENCH_WARMUP (seconds, default 3),
 * BENCH_CONNECTIONS (default 50), BENCH_CPU_PROF (a directory: the product server is run with
 * --cpu-prof and writes its profile there on exit), BENCH_NO_RESULTS=1 (do not touch RESULTS.md).
 *
 * Everything listens on 127.0.0.1, every child process is stopped at the end, and the whole run
 * is bounded by a watchdog.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { guardRun, makeRunDir, runBenchmark, startChild, stopAll, waitUntilUp } from './lib/child-processes';
import { fmt } from './lib/format';
import { freePort } from './lib/free-port';
import { describeMachine, machineFacts } from './lib/machine';
import { packageVersion } from './lib/package-version';
import { benchDir, requireBuiltServer, serverJs } from './lib/paths';
import { writeResultsSection } from './lib/results-file';
import { createBenchDeveloper } from './lib/server-cli';
import { optionalPath, positive } from './lib/settings';

// ---------------------------------------------------------------------------------------------
// Settings

const duration = positive('BENCH_DURATION', 10);
const warmup = positive('BENCH_WARMUP', 3);
const connections = Math.round(positive('BENCH_CONNECTIONS', 50));
const rounds = 2;
const spaceCount = 5;
const host = '127.0.0.1';
const cpuProfileDir = optionalPath('BENCH_CPU_PROF');

const bareServerTs = path.join(benchDir, 'src/bare-server.ts');

// Setup (CLI with password hashing, server start) plus warm-up and measured runs, with slack.
const budgetMs = (90 + 2 * warmup + 2 * rounds * (duration + 5)) * 1000;

// Every child process is tracked and stopped, whatever happens.
guardRun({ budgetMs, stopping: 'the servers' });

// ---------------------------------------------------------------------------------------------
// Helpers

const run = (title: string, url: string, headers: Record<string, string>, seconds: number) =>
  new Promise<Result>((resolve, reject) => {
    autocannon({ title, url, connections, duration: seconds, headers, timeout: 10 }, (error, result) => {
      if (error) reject(error);
      else resolve(result);
    });
  });

/** Fails the benchmark unless every response of the run was 2xx. */
const check = (result: Result): Result => {
  const answered = Object.values(result.statusCodeStats).reduce((sum, entry) => sum + entry.count, 0);
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0 || result['2xx'] === 0 || answered !== result['2xx']) {
    throw new Error(
      `${result.title ?? result.url}: not every response was 2xx: ` +
        `2xx=${result['2xx']} non2xx=${result.non2xx} errors=${result.errors} timeouts=${result.timeouts} ` +
        `status codes ${JSON.stringify(result.statusCodeStats)}`,
    );
  }
  return result;
};

/** Approximate bytes of the response head as sent: "name: value\r\n" per header. */
const headerBytes = (headers: Headers) => {
  let bytes = 0;
  headers.forEach((value, name) => (bytes += name.length + value.length + 4));
  return bytes;
};

/**
 * Requests per second of one run: 2xx responses over the run's measured duration. (autocannon's per-second sample
 * average drops when a sampling tick runs late and a run gets an extra, partial sample.)
 */
const perSecond = (result: Result) => result['2xx'] / result.duration;

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

// ---------------------------------------------------------------------------------------------
// The benchmark

type Summary = { rps: number; p50: number; p99: number; requests: number };
const summarize = (results: readonly Result[]): Summary => ({
  rps: mean(results.map(perSecond)),
  p50: mean(results.map((r) => r.latency.p50)),
  p99: mean(results.map((r) => r.latency.p99)),
  requests: results.reduce((sum, r) => sum + r['2xx'], 0),
});

const main = async () => {
  requireBuiltServer('npm run build -w @resim/server');
  const started = new Date();
  const tmp = makeRunDir('resim-bench-');
  try {
    // 1. The product server, with a fresh SQLite database, a user, a token and a few spaces.
    const productPort = await freePort(host);
    const productEnv = {
      PORT: String(productPort),
      HOST: host,
      DATA_DIR: path.join(tmp, 'data'),
      PUBLIC_URL: `http://localhost:${productPort}`,
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'false',
    };
    const token = await createBenchDeveloper(productEnv);
    const headers = { authorization: `Bearer ${token}` };

    const productArgs = cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfileDir, serverJs] : [serverJs];
    const product = startChild('product server', productArgs, productEnv);
    const productBase = `http://${host}:${productPort}`;
    await waitUntilUp(product, `${productBase}/healthz`);

    const descriptions = ['Perception regressions', 'Planning nightly', 'Highway merges', 'Urban night drives', 'Parking lot edge cases'];
    for (const description of descriptions.slice(0, spaceCount)) {
      const response = await fetch(`${productBase}/admin/space`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ description }),
      });
      if (response.status !== 201) throw new Error(`POST /admin/space answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    }

    const sample = await fetch(`${productBase}/admin/space`, { headers });
    const body = Buffer.from(await sample.arrayBuffer());
    const contentType = sample.headers.get('content-type') ?? '';
    if (sample.status !== 200 || !contentType)
      throw new Error(`GET /admin/space answered ${sample.status} (${contentType}): ${body.toString()}`);
    const listed = JSON.parse(body.toString('utf8')) as unknown[];
    if (!Array.isArray(listed) || listed.length !== spaceCount) throw new Error(`expected ${spaceCount} spaces, got ${body.toString()}`);
    const bodyFile = path.join(tmp, 'space-list.body');
    writeFileSync(bodyFile, body);

    // 2. The bare Fastify process answering the same bytes.
    const barePort = await freePort(host);
    const bare = startChild('bare fastify', ['--import', import.meta.resolve('tsx'), bareServerTs], {
      PORT: String(barePort),
      HOST: host,
      BODY_FILE: bodyFile,
      CONTENT_TYPE: contentType,
    });
    const bareUrl = `http://${host}:${barePort}/admin/space`;
    await waitUntilUp(bare, bareUrl, headers);
    const bareSample = await fetch(bareUrl, { headers });
    const bareBody = Buffer.from(await bareSample.arrayBuffer());
    if (!bareBody.equals(body) || bareSample.headers.get('content-type') !== contentType) {
      throw new Error('the bare server does not answer the same bytes and content-type as the product');
    }

    const targets = [
      { name: 'bare', url: bareUrl },
      { name: 'product', url: `${productBase}/admin/space` },
    ] as const;

    // 3. Warm-up, then bare -> product -> bare -> product.
    console.log(`Warm-up: ${warmup} s each, ${connections} connections`);
    for (const target of targets) check(await run(`warm-up ${target.name}`, target.url, headers, warmup));

    const results: Record<'bare' | 'product', Result[]> = { bare: [], product: [] };
    for (let round = 1; round <= rounds; round++) {
      for (const target of targets) {
        const result = check(await run(`${target.name} #${round}`, target.url, headers, duration));
        results[target.name].push(result);
        console.log(
          `  round ${round} ${target.name.padEnd(7)} ${fmt(perSecond(result)).padStart(8)} req/s  ` +
            `p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  (${fmt(result['2xx'])} responses, all 2xx)`,
        );
      }
    }

    // 4. Report.
    const bareSummary = summarize(results.bare);
    const productSummary = summarize(results.product);
    const ratio = productSummary.rps / bareSummary.rps;
    const facts = {
      ...machineFacts(started),
      autocannon: packageVersion('autocannon'),
      fastify: packageVersion('fastify'),
    };
    const responseFacts = {
      bodyBytes: body.length,
      contentType,
      productHeaderBytes: headerBytes(sample.headers),
      bareHeaderBytes: headerBytes(bareSample.headers),
    };

    const row = (name: string, s: Summary) =>
      `| ${name.padEnd(13)} | ${fmt(s.rps).padStart(10)} | ${fmt(s.p50, 1).padStart(9)} | ${fmt(s.p99, 1).padStart(9)} | ${fmt(s.requests).padStart(10)} |`;
    const table = [
      '| server        | req/s mean | p50 (ms)  | p99 (ms)  | responses  |',
      '| ------------- | ---------: | --------: | --------: | ---------: |',
      row('bare Fastify', bareSummary),
      row('product', productSummary),
    ].join('\n');
    const roundRows = (['bare', 'product'] as const)
      .flatMap((name) =>
        results[name].map(
          (r, i) => `| ${name} #${i + 1} | ${fmt(perSecond(r))} | ${r.latency.p50} | ${r.latency.p99} | ${fmt(r['2xx'])} | ${r.duration} |`,
        ),
      )
      .join('\n');

    console.log('');
    console.log(`GET /admin/space, ${connections} connections, ${rounds} rounds x ${duration} s each (after ${warmup} s warm-up)`);
    console.log(table);
    console.log(`\nratio product/bare (mean req/s): ${ratio.toFixed(2)}`);
    console.log(`Node ${facts.node}, ${facts.cpus} CPUs (${facts.cpuModel}), ${facts.os}, ${facts.date}`);
    if (ratio < 0.5) console.log('Below the 0.5 aim: see the analysis in bench/RESULTS.md.');

    if (process.env.BENCH_NO_RESULTS !== '1') {
      const block = [
        `Command: \`npm run bench\` (runs \`bench/src/space-list.ts\`), ${connections} connections, ` +
          `${rounds} alternating rounds (bare → product → bare → product) of ${duration} s each after a ${warmup} s warm-up of each. ` +
          'req/s: 2xx responses / run duration, mean of the rounds; p50 and p99: mean of the rounds.',
        '',
        `**Ratio product / bare (mean req/s): ${ratio.toFixed(2)}**`,
        '',
        table,
        '',
        'Each round:',
        '',
        '| run | req/s | p50 (ms) | p99 (ms) | responses | seconds |',
        '| --- | ----: | -------: | -------: | --------: | ------: |',
        roundRows,
        '',
        `Every response was 2xx (checked per run). Response: ${responseFacts.bodyBytes} body bytes (${responseFacts.contentType}), ` +
          `identical in both; response head ≈ ${responseFacts.productHeaderBytes} bytes from the product vs ` +
          `≈ ${responseFacts.bareHeaderBytes} from the bare server.`,
        '',
        `Machine: ${describeMachine(facts)}; ` + `autocannon ${facts.autocannon}, fastify ${facts.fastify}. Date: ${facts.date}.`,
      ].join('\n');
      writeResults(block);
    }
  } finally {
    await stopAll();
  }
};

/** Replaces the generated block of RESULTS.md, keeping the hand-written analysis around it. */
const writeResults = (block: string) =>
  writeResultsSection(
    'space-list',
    block,
    (_current, generated) => `# Benchmark results\n\n## GET /admin/space: product vs bare Fastify\n\n${generated}\n`,
  );

runBenchmark(main, (error) => error.message);
