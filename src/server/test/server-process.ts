/**
 * The real server as a child process (src/server/main.ts through tsx), for tests that kill or
 * stop it: crash safety, graceful shutdown.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { packageRoot } from '../paths.js';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  output(): string;
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(packageRoot(), 'src/server/main.ts')], {
    cwd: packageRoot(),
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', JWT_SECRET: 'x'.repeat(40), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = Date.now();
  while (!out.includes('pronta em')) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited while starting:\n${out}`);
    // tsx compiles the server on each start: more than a minute was seen with the cores shared.
    if (Date.now() - started > 180_000) {
      // Killed, or it would keep the data directory locked for the tests that follow.
      child.kill('SIGKILL');
      await exited;
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { base: `http://127.0.0.1:${port}`, child, exited, output: () => out };
}

export interface SlowRequest {
  /** Writes the next `bytes` of the body. */
  write(bytes: number): Promise<void>;
  /** Writes the rest and ends the body. */
  end(): void;
  response: Promise<{ status: number; body: string }>;
  sent(): number;
}

/** A request whose body the test sends piece by piece. */
export function slowRequest(url: string, method: string, headers: Record<string, string>, body: Buffer): SlowRequest {
  let offset = 0;
  let req: ReturnType<typeof httpRequest>;
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = httpRequest(url, { method, headers: { ...headers, 'content-length': String(body.length) } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  // The test decides what to do with a failed request; an unobserved rejection is not an error.
  response.catch(() => undefined);
  return {
    response,
    sent: () => offset,
    async write(bytes) {
      const chunk = body.subarray(offset, Math.min(body.length, offset + bytes));
      offset += chunk.length;
      await new Promise<void>((resolve) => (req.write(chunk) ? resolve() : req.once('drain', () => resolve())));
    },
    end() {
      req.end(body.subarray(offset));
      offset = body.length;
    },
  };
}
