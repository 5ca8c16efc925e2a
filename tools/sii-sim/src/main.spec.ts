import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import axios from 'axios';
import { readSettings } from './settings';

const ROOT = resolve(__dirname, '../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'sii-sim-'));

function startSim(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'tools/sii-sim/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, SWC_NODE_PROJECT: 'tsconfig.base.json', PORT: '0', SIM_DATA_DIR: dataDir, SIM_ESTUP_DELAY_MS: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((done, fail) => {
    const lines = createInterface({ input: child.stdout as Readable });
    lines.once('line', (line) => done({ child, url: (JSON.parse(line) as { url: string }).url }));
    child.once('exit', (code) => fail(new Error(`sii-sim exited with ${code}`)));
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => {
    child.once('exit', (code) => done(code));
    child.kill('SIGTERM');
  });
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('sii-sim', () => {
  it('listens, answers /health and getSeed over real HTTP, keeps its key across restarts', async () => {
    const first = await startSim();
    try {
      expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await axios.get(`${first.url}/health`)).data).toEqual({ status: 'ok' });
      const envelope = (
        await axios.post(
          `${first.url}/DTEWS/CrSeed.jws`,
          '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><getSeed xmlns="http://DefaultNamespace"/></soapenv:Body></soapenv:Envelope>',
          { headers: { 'Content-Type': 'text/xml' }, responseType: 'text' },
        )
      ).data as string;
      expect(envelope).toContain(`xmlns:ns1="${first.url}/DTEWS/CrSeed.jws"`);
      expect(envelope).toMatch(/&lt;SEMILLA&gt;\d{12}&lt;\/SEMILLA&gt;/);
      const cert = (await axios.get(`${first.url}/sim/authority-certificate`)).data as string;
      expect(cert).toBe(readFileSync(join(dataDir, 'authority-cert.pem'), 'utf8'));
    } finally {
      expect(await stop(first.child)).toBe(0);
    }
    const second = await startSim();
    try {
      const cert = (await axios.get(`${second.url}/sim/authority-certificate`)).data as string;
      expect(cert).toBe(readFileSync(join(dataDir, 'authority-cert.pem'), 'utf8'));
    } finally {
      await stop(second.child);
    }
  }, 60_000);
});

describe('readSettings', () => {
  it('reads defaults and the SIM_* settings', () => {
    expect(readSettings({})).toEqual({
      port: 8241,
      host: '127.0.0.1',
      unknownRuts: [],
      estUpDelayMs: undefined,
      cafIdk: undefined,
      dataDir: '.data/sii-sim',
    });
    expect(
      readSettings({ PORT: '0', SIM_UNKNOWN_RUTS: '11111111-1, 22222222-2', SIM_ESTUP_DELAY_MS: '50', SIM_CAF_IDK: '901' }),
    ).toMatchObject({
      port: 0,
      unknownRuts: ['11111111-1', '22222222-2'],
      estUpDelayMs: 50,
      cafIdk: 901,
    });
  });

  it('names the setting that is not a number', () => {
    expect(() => readSettings({ SIM_ESTUP_DELAY_MS: 'soon' })).toThrow('SIM_ESTUP_DELAY_MS');
  });
});
