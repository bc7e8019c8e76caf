import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';
import { randomSecret } from '../lib/ids';
import { countUsers } from '../modules/users/users.repository';
import { createUser } from '../modules/users/users.service';
import { seedDemo } from './seed';

export const demoAdminEmail = 'admin@resim.local';

export type DemoSignIn = { email: string; password: string };

const credentialsFile = (dataDir: string) => path.join(dataDir, 'demo-admin.json');

/**
 * On the first start of an empty product: a demo administrator with a random password (kept
 * in the data folder, readable by its owner only) and a demo space, so the quick start can be
 * signed in to at once. Later starts print the same sign-in while that file exists.
 */
export const ensureDemoAdmin = async (options: { db: Database; clock: Clock; dataDir: string }): Promise<DemoSignIn | undefined> => {
  const file = credentialsFile(options.dataDir);
  if ((await countUsers(options.db)) === 0) {
    const password = randomSecret(12);
    const owner = await createUser({
      db: options.db,
      clock: options.clock,
      email: demoAdminEmail,
      password,
      name: 'Demo Administrator',
      groups: 'developer',
    });
    await seedDemo({ db: options.db, clock: options.clock, owner });
    fs.mkdirSync(options.dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ email: demoAdminEmail, password }), { mode: 0o600 });
    return { email: demoAdminEmail, password };
  }
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as DemoSignIn;
  } catch {
    return undefined;
  }
};
