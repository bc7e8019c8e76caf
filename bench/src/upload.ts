/**
 * Benchmark: a 1 GB file (1,000,000,000 bytes) uploaded to the product over loopback by SPEC 7's
 * chunked protocol (GET /uploads/start, GET /uploads/parts and a PUT of each 100,000,000-byte part
 * to its signed address, POST /uploads/complete), timed from the start to the completed answer, on
 * the embedded store. The baseline, in the same run and from the same file: copying it on the same
 * disk with a stream (read and write, as the product must). The server's resident memory is
 * sampled every 50 ms during each upload: it should stay flat, whatever the file's size.
 *
 *   npm run bench:upload                   (builds first)
 *   npx tsx bench/src/upload.ts            (from the repository root, after `npm run build`)
 *
 * Env: BENCH_UPLOAD_BYTES (default 1000000000), BENCH_ROUNDS (default 5), BENCH_NO_RESULTS=1.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { call, type Api } from './lib/api';
import { guardRun, makeRunDir, runBenchmark, startChild, stopAll, waitUntilUp, type Child } from './lib/child-processes';
import { fmt } from './lib/format';
import { freePort } from './lib/free-port';
import { describeMachine, machineFacts } from './lib/machine';
import { requireBuiltServer, serverJs } from './lib/paths';
import { memoryOf } from './lib/proc';
import { writeResultsSection } from './lib/results-file';
import { createBenchDeveloper } from './lib/server-cli';
import { positive } from './lib/settings';
import { lowerMedian as median } from './lib/stats';

/** SPEC 9. */
const chunkSize = 100_000_000;
const fileBytes = Math.round(positive('BENCH_UPLOAD_BYTES', 1_000_000_000));
const rounds = Math.round(positive('BENCH_ROUNDS', 5));
const host = '127.0.0.1';
const mib = 2 ** 20;

guardRun({ budgetMs: 20 * 60_000, stopping: 'the server' });

/** The file to send: an MP4's first box (the product checks content) and pseudo-random bytes, written a block at a time. */
const writeSource = async (file: string) => {
  const block = crypto.randomBytes(4 * mib);
  Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex').copy(block);
  await pipeline(
    (function* () {
      for (let at = 0; at < fileBytes; at += block.length) yield block.subarray(0, Math.min(block.length, fileBytes - at));
    })(),
    fs.createWriteStream(file),
  );
};

const sha256OfFile = async (file: string) => {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/** PUTs bytes [start, end] of the file to a part's address, streamed; answers its ETag. */
const putPart = (url: string, file: string, start: number, end: number) =>
  new Promise<string>((resolve, reject) => {
    const request = http.request(url, { method: 'PUT', headers: { 'content-length': end - start + 1 } }, (response) => {
      response.resume();
      response.on('end', () =>
        response.statusCode === 200 && response.headers.etag
          ? resolve(response.headers.etag)
          : reject(new Error(`PUT part answered ${response.statusCode}`)),
      );
    });
    request.on('error', reject);
    fs.createReadStream(file, { start, end }).on('error', reject).pipe(request);
  });

/** The whole protocol; answers the milliseconds it took and the stored key. */
const upload = async (api: Api, file: string) => {
  const started = performance.now();
  const { uploadId, key } = await call<{ uploadId: string; key: string }>(
    api,
    'GET',
    `/uploads/start?fileName=bench.mp4&fileType=video/mp4`,
    undefined,
  );
  const parts: { ETag: string; PartNumber: number }[] = [];
  for (let part = 1; (part - 1) * chunkSize < fileBytes; part += 1) {
    const query = new URLSearchParams({ key, part: String(part), uploadId });
    const { presignedUrl } = await call<{ presignedUrl: string }>(api, 'GET', `/uploads/parts?${query.toString()}`, undefined);
    const start = (part - 1) * chunkSize;
    const end = Math.min(part * chunkSize, fileBytes) - 1;
    parts.push({ ETag: await putPart(new URL(presignedUrl, api.base).toString(), file, start, end), PartNumber: part });
  }
  const stored = await call<{ key: string; size: number }>(api, 'POST', '/uploads/complete', { key, uploadId, parts });
  if (stored.size !== fileBytes) throw new Error(`the product stored ${stored.size} bytes`);
  return { ms: performance.now() - started, key };
};

/** The baseline: the same bytes read and written on the same disk. */
const copy = async (from: string, to: string) => {
  const started = performance.now();
  await pipeline(fs.createReadStream(from), fs.createWriteStream(to));
  const ms = performance.now() - started;
  await fsp.rm(to);
  return ms;
};

/** The server's resident memory, sampled while `work` runs. */
const sampled = async <T>(pid: number, work: () => Promise<T>) => {
  const samples: number[] = [];
  const take = () => {
    const { rss } = memoryOf(pid);
    if (rss !== undefined) samples.push(rss);
  };
  take();
  const timer = setInterval(take, 50);
  try {
    return { result: await work(), samples };
  } finally {
    clearInterval(timer);
    take();
  }
};

const mbPerSecond = (ms: number) => fileBytes / 1e6 / (ms / 1000);

const main = async () => {
  requireBuiltServer('npm run build');
  const started = new Date();
  const loadAverage = os.loadavg()[0]!.toFixed(1);
  const runDir = makeRunDir('resim-bench-upload-');
  const dataDir = path.join(runDir, 'data');
  const source = path.join(runDir, 'source.mp4');
  const port = await freePort(host);
  const base = `http://${host}:${port}`;
  const env = { DATA_DIR: dataDir, PORT: String(port), HOST: host, PUBLIC_URL: base, LOG_LEVEL: 'warn', DEMO_SEED: 'false' };
  const uploadMs: number[] = [];
  const copyMs: number[] = [];
  const memory: { before: number; peak: number; after: number }[] = [];
  try {
    await writeSource(source);
    const token = await createBenchDeveloper(env);
    const server: Child = startChild('product server (SQLite)', [serverJs], env);
    await waitUntilUp(server, `${base}/healthz`);
    const api: Api = { base, headers: { authorization: `Bearer ${token}` } };
    const pid = server.process.pid!;

    for (let round = 0; round < rounds; round += 1) {
      copyMs.push(await copy(source, path.join(runDir, 'copy.mp4')));
      const { result, samples } = await sampled(pid, () => upload(api, source));
      uploadMs.push(result.ms);
      memory.push({ before: samples[0]!, peak: Math.max(...samples), after: samples.at(-1)! });
      const stored = path.join(dataDir, 'files', result.key);
      if (round === 0 && (await sha256OfFile(stored)) !== (await sha256OfFile(source)))
        throw new Error('the stored file differs from the one sent');
      await fsp.rm(path.dirname(stored), { recursive: true });
      console.log(
        `  round ${round + 1}: upload ${fmt(result.ms)} ms (${fmt(mbPerSecond(result.ms))} MB/s), copy ${fmt(copyMs.at(-1)!)} ms (${fmt(mbPerSecond(copyMs.at(-1)!))} MB/s); ` +
          `server RSS ${fmt(memory.at(-1)!.before / mib)} → peak ${fmt(memory.at(-1)!.peak / mib)} → ${fmt(memory.at(-1)!.after / mib)} MiB (${samples.length} samples)`,
      );
    }
    server.process.kill('SIGTERM');
  } finally {
    await stopAll();
  }

  const facts = machineFacts(started);
  const up = median(uploadMs);
  const cp = median(copyMs);
  const firstRss = memory[0]!.before;
  const peakRss = Math.max(...memory.map((round) => round.peak));
  const table = [
    '| what | median (ms) | each round (ms) | MB/s | × baseline |',
    '| --- | ---: | --- | ---: | ---: |',
    `| baseline: stream copy of the file on the same disk | ${fmt(cp)} | ${copyMs.map((ms) => fmt(ms)).join(', ')} | ${fmt(mbPerSecond(cp))} | 1.0× |`,
    `| upload: start, ${Math.ceil(fileBytes / chunkSize)} parts PUT, complete | ${fmt(up)} | ${uploadMs.map((ms) => fmt(ms)).join(', ')} | ${fmt(mbPerSecond(up))} | ${(up / cp).toFixed(1)}× |`,
  ].join('\n');
  const memoryTable = [
    '| round | server RSS before (MiB) | peak during upload (MiB) | after (MiB) |',
    '| --- | ---: | ---: | ---: |',
    ...memory.map((round, at) => `| ${at + 1} | ${fmt(round.before / mib)} | ${fmt(round.peak / mib)} | ${fmt(round.after / mib)} |`),
  ].join('\n');
  console.log(`\n${table}\n\n${memoryTable}`);

  if (process.env.BENCH_NO_RESULTS !== '1') {
    const block = [
      `Command: \`${process.env.npm_lifecycle_event === 'bench:upload' ? 'npm run bench:upload' : 'npx tsx bench/src/upload.ts'}\`. ` +
        `A ${fmt(fileBytes)}-byte file uploaded to the built server over loopback by SPEC 7's protocol on the embedded store ` +
        `(parts of ${fmt(chunkSize)} bytes PUT one after another to the product's signed addresses, streamed from disk; the product ` +
        `writes each part straight to its place in the file being made, and completing checks the parts and renames it), timed from GET /uploads/start ` +
        `to the answer of POST /uploads/complete, ${rounds} rounds. Baseline, in the same run and from the same file: a stream copy ` +
        `of it on the same disk. The server's resident memory (VmRSS) sampled every 50 ms during each upload. The first round's ` +
        `stored file is checked byte for byte (SHA-256) against the one sent.`,
      '',
      `**Upload of ${fmt(fileBytes / 1e9, 1)} GB: ${fmt(up)} ms, ${fmt(mbPerSecond(up))} MB/s, ${(up / cp).toFixed(1)}× the disk copy's ${fmt(cp)} ms. ` +
        `Server memory: ${fmt(firstRss / mib)} MiB before, ${fmt(peakRss / mib)} MiB at its peak (${fmt((peakRss - firstRss) / mib)} MiB more, for a file of ${fmt(fileBytes / mib)} MiB).**`,
      '',
      table,
      '',
      memoryTable,
      '',
      `Machine: ${describeMachine(facts)}; load average ${loadAverage} at the start ` +
        `(disk and CPU shared with whatever else runs: the rounds spread). Date: ${facts.date}.`,
    ].join('\n');
    writeResultsSection(
      'upload',
      block,
      (current, generated) =>
        `${(current ?? '# Benchmark results\n').trimEnd()}\n\n## Uploading a 1 GB file: throughput and server memory\n\n${generated}\n`,
    );
  }
};

runBenchmark(main, (error) => error.message);
