import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import axios from 'axios';
import { selfSignedTlsCertificate } from '@lib/sii-fake';
import { readSettings } from './settings';

const ROOT = resolve(__dirname, '../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'sii-sim-'));

interface Listening {
  url: string;
  https_url: string;
  tls_ca_file: string;
}

function startSim(): Promise<{ child: ChildProcess } & Listening> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'tools/sii-sim/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      SWC_NODE_PROJECT: 'tsconfig.base.json',
      PORT: '0',
      SIM_TLS_PORT: '0',
      SIM_DATA_DIR: dataDir,
      SIM_ESTUP_DELAY_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((done, fail) => {
    const lines = createInterface({ input: child.stdout as Readable });
    lines.once('line', (line) => done({ child, ...(JSON.parse(line) as Listening) }));
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

/** The certificate login over the sim's HTTPS listener, trusting only its tls-ca.pem, with a client certificate of 11111111-1. */
function certificateLogin(sim: Listening): Promise<{ status: number; cookies: string[] }> {
  const client = selfSignedTlsCertificate({
    commonName: 'Titular Sintetico',
    serialNumber: '11111111-1',
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 86_400_000),
  });
  const referencia = 'https://misiir.sii.cl/cgi_misii/siihome.cgi';
  return new Promise((done, fail) => {
    const req = httpsRequest(
      `${sim.https_url}/cgi_AUT2000/CAutInicio.cgi?${referencia}`,
      { method: 'POST', ca: readFileSync(sim.tls_ca_file, 'utf8'), key: client.keyPem, cert: client.certificatePem, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode ?? 0, cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split('=')[0]) }));
      },
    );
    req.on('error', fail);
    req.end(`referencia=${encodeURIComponent(referencia)}`);
  });
}

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
      expect(first.https_url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(first.tls_ca_file).toBe(join(dataDir, 'tls-ca.pem'));
      expect(statSync(join(dataDir, 'tls-key.pem')).mode & 0o077).toBe(0);
      expect(await certificateLogin(first)).toMatchObject({
        status: 302,
        cookies: ['TOKEN', 'CSESSIONID', 'NETSCAPE_LIVEWIRE.rut', 'NETSCAPE_LIVEWIRE.dv'],
      });
    } finally {
      expect(await stop(first.child)).toBe(0);
    }
    const caBefore = readFileSync(join(dataDir, 'tls-ca.pem'), 'utf8');
    const second = await startSim();
    try {
      const cert = (await axios.get(`${second.url}/sim/authority-certificate`)).data as string;
      expect(cert).toBe(readFileSync(join(dataDir, 'authority-cert.pem'), 'utf8'));
      // The same TLS certificate: a signer that trusts tls-ca.pem keeps trusting the restarted sim.
      expect(readFileSync(second.tls_ca_file, 'utf8')).toBe(caBefore);
      expect((await certificateLogin(second)).status).toBe(302);
    } finally {
      await stop(second.child);
    }
  }, 60_000);
});

describe('readSettings', () => {
  it('reads defaults and the SIM_* settings', () => {
    expect(readSettings({})).toEqual({
      port: 8241,
      tlsPort: 8243,
      host: '127.0.0.1',
      unknownRuts: [],
      estUpDelayMs: undefined,
      cafIdk: undefined,
      dataDir: '.data/sii-sim',
    });
    expect(
      readSettings({
        PORT: '0',
        SIM_TLS_PORT: '0',
        SIM_UNKNOWN_RUTS: '11111111-1, 22222222-2',
        SIM_ESTUP_DELAY_MS: '50',
        SIM_CAF_IDK: '901',
      }),
    ).toMatchObject({
      port: 0,
      tlsPort: 0,
      unknownRuts: ['11111111-1', '22222222-2'],
      estUpDelayMs: 50,
      cafIdk: 901,
    });
  });

  it('names the setting that is not a number', () => {
    expect(() => readSettings({ SIM_ESTUP_DELAY_MS: 'soon' })).toThrow('SIM_ESTUP_DELAY_MS');
  });
});
