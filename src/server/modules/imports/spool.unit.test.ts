/**
 * Spool folders: a server killed during a bulk upload leaves its folder; the next start removes it,
 * and leaves alone the folder of another server of the machine that is uploading right now.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanSpoolLeftovers, createSpoolFolder, processAlive, removeSpoolFolder, spoolRoot } from './spool.js';

const HOST = hostname().replace(/[^A-Za-z0-9-]/g, '_') || 'host';
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dataDir() {
  const d = mkdtempSync(join(tmpdir(), 'ga-spool-'));
  dirs.push(d);
  return d;
}

function leftover(root: string, name: string) {
  mkdirSync(join(root, name), { recursive: true });
  writeFileSync(join(root, name, '0'), Buffer.alloc(1024));
  return join(root, name);
}

/** The id of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await once(child, 'exit');
  return child.pid!;
}

describe('spool folders', () => {
  it('removes the folder of a killed server of this host, keeps a live one, a recent foreign one and unrelated files', async () => {
    const root = spoolRoot(dataDir());
    const dead = await deadPid();
    expect(processAlive(dead)).toBe(false);
    // Another server of this machine, uploading now.
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const killed = leftover(root, `${HOST}.${dead}.a1b2c3`);
      const running = leftover(root, `${HOST}.${live.pid}.d4e5f6`);
      const otherHost = leftover(root, `outra-maquina.${dead}.0f0f0f`);
      const unrelated = leftover(root, 'notas-do-admin');
      const removed = await cleanSpoolLeftovers(root);
      expect(removed).toEqual([`${HOST}.${dead}.a1b2c3`]);
      expect(existsSync(killed)).toBe(false);
      for (const kept of [running, otherHost, unrelated]) expect(existsSync(kept)).toBe(true);
    } finally {
      live.kill();
    }
  });

  it("removes a folder older than a day whoever made it, and a folder with this process's id it did not make (a container restart)", async () => {
    const root = spoolRoot(dataDir());
    const old = leftover(root, `outra-maquina.${process.ppid}.123abc`);
    const day = Date.now() / 1000 - 25 * 3600;
    utimesSync(old, day, day);
    const samePid = leftover(root, `${HOST}.${process.pid}.456def`);
    const mine = await createSpoolFolder(root);
    const removed = await cleanSpoolLeftovers(root);
    expect(removed.sort()).toEqual([`${HOST}.${process.pid}.456def`, `outra-maquina.${process.ppid}.123abc`].sort());
    expect(existsSync(old) || existsSync(samePid)).toBe(false);
    // This process's own folder, in use, stays until the request removes it.
    expect(existsSync(mine)).toBe(true);
    await removeSpoolFolder(mine);
    expect(readdirSync(root)).toEqual([]);
  });

  it('finds nothing to do when no upload ever ran', async () => {
    expect(await cleanSpoolLeftovers(spoolRoot(dataDir()))).toEqual([]);
  });
});
