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
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';

// ---------------------------------------------------------------------------------------------
// Settings

const positive = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
};

const duration = positive('BENCH_DURATION', 10);
const warmup = positive('BENCH_WARMUP', 3);
const connections = Math.round(positive('BENCH_CONNECTIONS', 50));
const rounds = 2;
const spaceCount = 5;
const host = '127.0.0.1';
const cpuProfileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(benchDir, '..');
const serverJs = path.join(repoRoot, 'apps/server/dist/server.js');
const cliJs = path.join(repoRoot, 'apps/server/dist/cli.js');
const bareServerTs = path.join(benchDir, 'src/bare-server.ts');
const resultsFile = path.join(benchDir, 'RESULTS.md');

// Setup (CLI with password hashing, server start) plus warm-up and measured runs, with slack.
const budgetMs = (90 + 2 * warmup + 2 * rounds * (duration + 5)) * 1000;

// ---------------------------------------------------------------------------------------------
// Child processes: every one is tracked and stopped, whatever happens.

type Child = { readonly name: string; readonly process: ChildProcess; readonly output: string[] };
const children = new Set<Child>();

const keepOutput = (output: string[], chunk: Buffer) => {
  output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  if (output.length > 200) output.splice(0, output.length - 200);
};

/** Children run plain node: no NODE_OPTIONS inherited from whatever started the benchmark. */
const childEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.NODE_OPTIONS;
  return env;
};

const startChild = (name: string, args: string[], env: Record<string, string>): Child => {
  // process.execPath directly (no shell, no npx wrapper): the pid we hold is the server itself.
  const proc = spawn(process.execPath, args, { cwd: repoRoot, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const child: Child = { name, process: proc, output: [] };
  proc.stdout?.on('data', (chunk: Buffer) => keepOutput(child.output, chunk));
  proc.stderr?.on('data', (chunk: Buffer) => keepOutput(child.output, chunk));
  children.add(child);
  return child;
};

const isRunning = (proc: ChildProcess) => proc.exitCode === null && proc.signalCode === null;

const stopChild = async (child: Child): Promise<void> => {
  const proc = child.process;
  if (isRunning(proc)) {
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => {
      if (isRunning(proc)) proc.kill('SIGKILL');
    }, 5000);
    await exited;
    clearTimeout(timer);
  }
  children.delete(child);
};

/** The run's temp directory (database, response body), removed with the children. */
let tmpDir: string | undefined;

const stopAll = async () => {
  await Promise.all([...children].map(stopChild));
  if (tmpDir) rmSync(tmpDir, { recursive: true, force: true });
  tmpDir = undefined;
};

const killAllNow = () => {
  for (const child of children) if (isRunning(child.process)) child.process.kill('SIGKILL');
};

process.on('exit', killAllNow);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers`);
    void stopAll().finally(() => process.exit(130));
  });
}
const watchdog = setTimeout(() => {
  console.error(`Benchmark took longer than ${budgetMs / 1000} s; stopping`);
  killAllNow();
  if (tmpDir) rmSync(tmpDir, { recursive: true, force: true });
  process.exit(1);
}, budgetMs);
watchdog.unref();

// ---------------------------------------------------------------------------------------------
// Helpers

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const describeChild = (child: Child) => `--- ${child.name} output (last lines) ---\n${child.output.slice(-40).join('\n')}`;

/** Polls until url answers 200, failing early when the child dies. */
const waitUntilUp = async (child: Child, url: string, headers: Record<string, string> = {}, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning(child.process)) {
      throw new Error(`${child.name} exited (code ${child.process.exitCode}) before answering ${url}\n${describeChild(child)}`);
    }
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs / 1000} s\n${describeChild(child)}`);
};

const runCli = (args: string[], env: Record<string, string>) =>
  new Promise<string>((resolve, reject) => {
    execFile(process.execPath, [cliJs, ...args], { cwd: repoRoot, env: childEnv(env), timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`cli ${args.slice(0, 2).join(' ')} failed: ${error.message}\n${stdout}${stderr}`));
      else resolve(stdout);
    });
  });

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

const packageVersion = (dir: string): string => {
  for (const base of [path.join(benchDir, 'node_modules'), path.join(repoRoot, 'node_modules')]) {
    const file = path.join(base, dir, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  }
  return 'unknown';
};

/**
 * Requests per second of one run: 2xx responses over the run's measured duration. (autocannon's per-second sample
 * average drops when a sampling tick runs late and a run gets an extra, partial sample.)
 */
const perSecond = (result: Result) => result['2xx'] / result.duration;

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

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
  for (const file of [serverJs, cliJs]) {
    if (!existsSync(file)) throw new Error(`${path.relative(repoRoot, file)} is missing: run "npm run build -w @resim/server" first`);
  }
  const started = new Date();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'resim-bench-'));
  tmpDir = tmp;
  try {
    // 1. The product server, with a fresh SQLite database, a user, a token and a few spaces.
    const productPort = await freePort();
    const productEnv = {
      PORT: String(productPort),
      HOST: host,
      DATA_DIR: path.join(tmp, 'data'),
      PUBLIC_URL: `http://localhost:${productPort}`,
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'false',
    };
    const email = 'bench@example.com';
    await runCli(['user', 'create', '--email', email, '--password', 'bench-password-0123', '--groups', 'developer'], productEnv);
    const token = (await runCli(['token', 'create', '--email', email], productEnv)).trim().split('\n').at(-1)?.trim() ?? '';
    if (!token) throw new Error('token create printed no token');
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
    const barePort = await freePort();
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
    const cpus = os.cpus();
    const facts = {
      date: started.toISOString(),
      node: process.version,
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? 'unknown',
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      memory: `${fmt(os.totalmem() / 2 ** 30, 1)} GiB`,
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
        `Machine: ${facts.cpus} CPUs (${facts.cpuModel}), ${facts.memory}, ${facts.os}; Node ${facts.node}; ` +
          `autocannon ${facts.autocannon}, fastify ${facts.fastify}. Date: ${facts.date}.`,
      ].join('\n');
      writeResults(block);
      console.log(`\nWrote ${path.relative(repoRoot, resultsFile)}`);
    }
  } finally {
    await stopAll();
  }
};

const startMarker = '<!-- bench:space-list:start -->';
const endMarker = '<!-- bench:space-list:end -->';

/** Replaces the generated block of RESULTS.md, keeping the hand-written analysis around it. */
const writeResults = (block: string) => {
  const generated = `${startMarker}\n${block}\n${endMarker}`;
  const current = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '';
  const start = current.indexOf(startMarker);
  const end = current.indexOf(endMarker);
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + generated + current.slice(end + endMarker.length)
      : `# Benchmark results\n\n## GET /admin/space: product vs bare Fastify\n\n${generated}\n`;
  writeFileSync(resultsFile, next);
};

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    await stopAll();
    process.exit(1);
  },
);
