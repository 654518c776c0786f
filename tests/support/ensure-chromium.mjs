#!/usr/bin/env node
/**
 * Runs before the browser journeys (the `test` script): makes sure Debian's Chromium is there.
 * As root it installs the package; otherwise it names the command to run and stops, so a fresh
 * machine gets a clear instruction instead of every journey failing on a missing binary.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PACKAGES = ['chromium'];

if (!fs.existsSync(CHROMIUM)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    console.error(
      `${CHROMIUM} is missing. The browser tests need Debian's Chromium:\n` +
        `  sudo apt-get update && sudo apt-get install -y ${PACKAGES.join(' ')}\n` +
        '(or set CHROMIUM_PATH to a Chromium or Chrome binary).',
    );
    process.exit(1);
  }
  console.log(`Installing ${PACKAGES.join(', ')} for the browser tests (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...PACKAGES], { stdio: 'inherit', env });
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
    process.exit(1);
  }
}
