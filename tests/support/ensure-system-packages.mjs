#!/usr/bin/env node
/**
 * Runs before the end-to-end tests and the browser benchmark: makes sure what they drive is
 * installed, Debian's Chromium (the browser journeys) and nginx (the front-cache journey). As
 * root it installs what is missing with apt-get; otherwise it names the command and stops, so a
 * fresh machine gets one clear instruction instead of every journey failing on a missing binary.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const REQUIRED = [
  { binary: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', pkg: 'chromium' },
  { binary: process.env.NGINX_PATH ?? '/usr/sbin/nginx', pkg: 'nginx' },
];

const missing = REQUIRED.filter(({ binary }) => !fs.existsSync(binary));
if (missing.length > 0) {
  const packages = missing.map(({ pkg }) => pkg);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !fs.existsSync('/usr/bin/apt-get')) {
    console.error(
      `Missing ${missing.map(({ binary }) => binary).join(' and ')}. The end-to-end tests need:\n` +
        `  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}\n` +
        '(or set CHROMIUM_PATH / NGINX_PATH to binaries you have).',
    );
    process.exit(1);
  }
  console.log(`Installing ${packages.join(', ')} for the end-to-end tests (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
  const still = missing.filter(({ binary }) => !fs.existsSync(binary));
  if (still.length) {
    console.error(
      `apt-get finished but ${still.map(({ binary }) => binary).join(', ')} is missing.`,
    );
    process.exit(1);
  }
}
