import axios from 'axios';
import { spawn } from 'child_process';
import path from 'path';
import { startEmulator } from '../index.cjs';

const root = path.resolve(__dirname, '../../..');

function runCli(args: string[]) {
	const child = spawn(process.execPath, [require.resolve('ts-node/dist/bin.js'), '--transpile-only', 'test/emulator/cli.cts', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
	let out = '';
	let err = '';
	child.stdout.on('data', (c) => (out += c));
	child.stderr.on('data', (c) => (err += c));
	const firstLine = new Promise<string>((resolve, reject) => {
		child.stdout.on('data', () => out.includes('\n') && resolve(out.split('\n')[0]));
		child.on('exit', (code) => reject(new Error(`exited ${code}: ${err}`)));
	});
	firstLine.catch(() => undefined);
	const exit = new Promise<number | string | null>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
	return { child, firstLine, exit, stderr: () => err };
}

describe('cli', () => {
	it('prints one JSON line with the credentials, serves, and stops cleanly on SIGTERM', async () => {
		const cli = runCli(['--port', '0', '--seed', '2', '--latency', '0', '--token-lifetime', '90']);
		const info = JSON.parse(await cli.firstLine);
		expect(Object.keys(info).sort()).toEqual(['appId', 'appToken', 'baseUrl', 'managementId', 'managementToken', 'projectId', 'serviceKeyId', 'serviceKeySecret', 'webhookSecret'].sort());
		expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
		const r = await axios.post(`${info.baseUrl}/v1/oauth/token`, 'grant_type=client_credentials&scope=api', {
			headers: { 'X-App-Id': info.appId, 'X-App-Token': info.appToken, 'Content-Type': 'application/x-www-form-urlencoded' },
		});
		expect(r.data.expires_in).toBe(90);
		expect((await axios.get(`${info.baseUrl}/_emulator/health`)).data.seed).toBe(2);
		cli.child.kill('SIGTERM');
		expect(await cli.exit).toBe(0);
	});

	it('stops on SIGINT', async () => {
		const cli = runCli(['--port=0']);
		await cli.firstLine;
		cli.child.kill('SIGINT');
		expect(await cli.exit).toBe(0);
	});

	it('refuses a non-loopback host', async () => {
		const cli = runCli(['--host', '0.0.0.0', '--port', '0']);
		expect(await cli.exit).toBe(2);
		expect(cli.stderr()).toMatch(/loopback/);
		await expect(startEmulator({ host: '0.0.0.0', port: 0 })).rejects.toThrow(/loopback/);
	});
});
