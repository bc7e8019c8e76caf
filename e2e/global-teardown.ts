import fs from 'node:fs';

/** The run's data folder is thrown away with the run. */
const globalTeardown = (): void => {
  const dataDir = process.env['RESIM_E2E_DATA_DIR'];
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
};

export default globalTeardown;
