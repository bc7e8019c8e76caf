import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './oidc-client';

const root = path.resolve(import.meta.dirname, '../../..');
export const nginxPath = '/usr/sbin/nginx';

/**
 * Debian's nginx in front of the given server ports, configured by the deployment guide's own file
 * (docs/deployment/nginx-resim.conf) with the test's addresses in it.
 */
export const startBalancer = async (ports: readonly number[]) => {
  if (!fs.existsSync(nginxPath))
    throw new Error(`${nginxPath} is missing: install Debian's nginx (apt-get install nginx), as .ci/run does`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'resim-nginx-'));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const site = fs
    .readFileSync(path.join(root, 'docs/deployment/nginx-resim.conf'), 'utf8')
    .replace(/^\s*server 127\.0\.0\.1:\d+ (.*)$/gm, '')
    .replace(
      'upstream resim {',
      `upstream resim {\n${ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=3s;`).join('\n')}`,
    )
    .replace('listen 80;', `listen 127.0.0.1:${port};`);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
worker_processes 1;
events { worker_connections 1024; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
${site}
}
`,
  );
  const child = spawn(nginxPath, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 50) {
    if (child.exitCode !== null) throw new Error(`nginx stopped: ${stderr} ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    if (
      await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (waited > 10_000) throw new Error(`nginx did not answer: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
};
