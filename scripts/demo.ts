/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error -- dev tooling, never shipped in dist */
// `npm run demo`: the single take n8n's review asks of a community package, recorded by this script
// in the real editor against the sandbox. A fresh n8n 2.41.1 gets the packed package in its nodes
// folder; then, in one take: the three nodes in the nodes panel; each credential created from a
// node and tested by n8n (Forms connected through n8n's OAuth2 window); one operation of each
// service run; a SkySlope Trigger published and firing on an offer made in the sandbox; a Signing
// Trigger published and receiving a signing done in the sandbox, its PDF attached.
//
// Recorded in headless Chromium with Chromium's own screencast (DevTools `Page.startScreencast`),
// each frame kept for as long as the screen showed it, and encoded with Debian's ffmpeg (installed
// when missing, like Chromium). The video goes outside the repository (DEMO_OUT, default a folder
// under the system's temporary folder); its length is printed, and the stills of each step and a
// contact sheet of them go to docs/images/demo/.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { CDPSession, Page } from 'playwright-core';

import { Editor } from './lib/editor';
import { ensureChromium, ensureFfmpeg } from './lib/browser';
import { say } from './lib/host';
import { freePort, REPO_ROOT } from './lib/processes';
import { type Host, sandboxCredentials, startHost } from './lib/setup';

const OUT = process.env.DEMO_OUT ?? join(tmpdir(), 'n8n-nodes-skyslope-demo');
const STILLS = join(REPO_ROOT, 'docs', 'images', 'demo');
/** n8n's review asks for a take under five minutes. */
const LIMIT_S = 5 * 60;
const VIEW = { width: 1440, height: 900 };

interface Frame {
	file: string;
	/** Seconds, on the screencast's clock. */
	at: number;
}

/** Chromium's screencast of one page: every frame it sends, with when it was shown. */
class Take {
	private frames: Frame[] = [];
	private stills: Array<{ step: string; file: string }> = [];
	private caption = '';
	private cdp?: CDPSession;
	readonly started = Date.now();

	constructor(
		private readonly page: Page,
		private readonly dir: string,
	) {}

	async start(): Promise<void> {
		mkdirSync(join(this.dir, 'frames'), { recursive: true });
		this.cdp = await this.page.context().newCDPSession(this.page);
		this.cdp.on('Page.screencastFrame', (f: { data: string; sessionId: number; metadata: { timestamp?: number } }) => {
			const file = join(this.dir, 'frames', `${String(this.frames.length).padStart(6, '0')}.jpg`);
			writeFileSync(file, Buffer.from(f.data, 'base64'));
			this.frames.push({ file, at: f.metadata.timestamp ?? Date.now() / 1000 });
			void this.cdp?.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => undefined);
		});
		await this.cdp.send('Page.startScreencast', { format: 'jpeg', quality: 80, maxWidth: VIEW.width, maxHeight: VIEW.height, everyNthFrame: 1 });
		// A page loaded anew loses the caption: put it back.
		this.page.on('load', () => void this.show().catch(() => undefined));
	}

	/** A step: its caption on the screen, and a still of the screen once it has settled. */
	async step(text: string): Promise<void> {
		say(`[demo] ${Math.round((Date.now() - this.started) / 1000)} s: ${text}`);
		this.caption = text;
		await this.show();
	}

	/** A still of what the screen shows now, for the contact sheet. */
	async still(step: string): Promise<void> {
		const file = join(this.dir, `still-${String(this.stills.length + 1).padStart(2, '0')}.png`);
		await this.page.screenshot({ path: file });
		this.stills.push({ step, file });
	}

	private async show(): Promise<void> {
		// Page code as text: this file is compiled without the DOM's types.
		await this.page.evaluate(`(() => {
			let bar = document.getElementById('skyslope-demo-caption');
			if (!bar) {
				bar = document.createElement('div');
				bar.id = 'skyslope-demo-caption';
				bar.setAttribute('style', 'position:fixed;left:50%;bottom:18px;transform:translateX(-50%);z-index:2147483647;max-width:80%;padding:10px 18px;border-radius:8px;background:rgba(20,20,30,.88);color:#fff;font:600 17px/1.35 system-ui,sans-serif;pointer-events:none;text-align:center');
				document.body.appendChild(bar);
			}
			bar.textContent = ${JSON.stringify(this.caption)};
		})()`);
	}

	/** Stops the screencast and encodes the take; its length in seconds. */
	async finish(video: string, ffmpeg: string): Promise<number> {
		await this.cdp?.send('Page.stopScreencast').catch(() => undefined);
		if (this.frames.length < 2) throw new Error('the screencast sent fewer than two frames');
		// Each frame lasts until the next came (the screen did not change in between).
		const end = this.frames[this.frames.length - 1].at + 2;
		const lines = this.frames.flatMap((f, i) => [`file '${f.file}'`, `duration ${Math.max(0.01, (this.frames[i + 1]?.at ?? end) - f.at).toFixed(3)}`]);
		lines.push(`file '${this.frames[this.frames.length - 1].file}'`);
		const list = join(this.dir, 'frames.txt');
		writeFileSync(list, `${lines.join('\n')}\n`);
		execFileSync(ffmpeg, ['-y', '-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', list, '-vf', 'fps=12,scale=trunc(iw/2)*2:trunc(ih/2)*2,format=yuv420p', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', video]);
		return end - this.frames[0].at;
	}

	/** The stills into `dir` (docs/images/demo/ for a whole take), and a contact sheet of them. */
	saveStills(ffmpeg: string, dir: string): string[] {
		rmSync(dir, { recursive: true, force: true });
		mkdirSync(dir, { recursive: true });
		const names: string[] = [];
		for (const [n, s] of this.stills.entries()) {
			const name = `${String(n + 1).padStart(2, '0')}-${s.step.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.jpg`;
			execFileSync(ffmpeg, ['-y', '-loglevel', 'error', '-i', s.file, '-vf', 'scale=720:-2', '-q:v', '5', join(dir, name)]);
			names.push(name);
		}
		const columns = 3;
		const rows = Math.ceil(names.length / columns);
		execFileSync(ffmpeg, ['-y', '-loglevel', 'error', '-framerate', '1', '-pattern_type', 'glob', '-i', join(dir, '*.jpg'), '-vf', `scale=480:-2,tile=${columns}x${rows}:padding=6:color=white`, '-frames:v', '1', '-q:v', '4', join(dir, 'contact-sheet.jpg')]);
		return names;
	}
}

/** Fills the credential dialog that the node's "Create new credential" opened, saves it, and waits for n8n's test of it. */
async function createCredential(editor: Editor, take: Take, fields: Record<string, string>, opts: { oauth?: boolean } = {}): Promise<void> {
	const page = editor.page;
	// No credential of the type saved yet: n8n 2.x shows a "Connect to …" button in the field's place.
	const connect = page.locator('[data-test-id=ndv]').getByRole('button', { name: /^connect to /i }).first();
	if (await connect.isVisible()) await connect.click();
	else {
		await page.locator('[data-test-id=ndv] [data-test-id=node-credentials-select] input').first().click();
		await page.locator('[data-test-id=node-credentials-select-item-new]').click();
	}
	const modal = page.locator('[data-test-id=editCredential-modal]');
	await modal.waitFor();
	// Environment first: the Custom Base URL's fields appear with it.
	await modal.locator('[data-test-id=parameter-input-environment]').click();
	await page.locator('.el-select-dropdown__item:visible', { hasText: 'Custom Base URL' }).first().click();
	for (const [field, value] of Object.entries(fields)) {
		await modal.locator(`[data-test-id=parameter-input-${field}] input`).first().fill(value);
	}
	await page.waitForTimeout(600);
	await modal.locator('[data-test-id=credential-save-button]').click();
	if (opts.oauth) {
		// n8n opens the authorization server in a window of its own; the sandbox's answers at once and
		// sends it back to n8n's callback, which closes it.
		const button = modal.getByRole('button', { name: /^\s*(connect my account|connect)\s*$/i }).first();
		await button.waitFor({ timeout: 30_000 });
		const popup = page.waitForEvent('popup', { timeout: 30_000 }).catch(() => undefined);
		await button.click();
		await (await popup)?.waitForEvent('close', { timeout: 60_000 }).catch(() => undefined);
		// Connected, n8n says so and (opened from the node) closes the dialog; the step run next proves the token.
		await Promise.race([page.getByText(/account connected/i).first().waitFor({ state: 'attached', timeout: 60_000 }), modal.waitFor({ state: 'hidden', timeout: 60_000 })]);
	} else {
		// n8n tests the credential as it saves it, shows the answer, and (opened from the node) closes the dialog.
		await page.getByText(/connection tested successfully/i).first().waitFor({ state: 'attached', timeout: 60_000 });
	}
	await page.waitForTimeout(800);
	await take.still(opts.oauth ? 'Forms credential connected' : 'Credential tested');
	// It may be closing by itself as this looks: a click that finds nothing is no failure.
	if (await modal.isVisible()) await modal.locator('.el-dialog__headerbtn, [aria-label=Close]').first().click({ timeout: 3_000 }).catch(() => undefined);
	await modal.waitFor({ state: 'hidden' });
	await editor.settle();
}

/** A workflow's first node, the one a run by hand starts from: actions follow a trigger. */
async function manualStart(editor: Editor): Promise<void> {
	await editor.page.locator('[data-test-id=canvas-plus-button]').click();
	await editor.page.keyboard.type('Trigger manually', { delay: 40 });
	await editor.page.locator('[data-test-id=node-creator-item-name]').getByText('Trigger manually', { exact: true }).first().click();
	if (await editor.page.locator('[data-test-id=ndv]').isVisible()) await editor.closeNdv();
}

/** One action in a workflow of its own, after a manual start (the workflow before is saved first). */
async function actionInNewWorkflow(editor: Editor, entry: string): Promise<void> {
	await editor.saveWorkflow();
	await editor.newWorkflow();
	await manualStart(editor);
	await editor.addFromPanel('SkySlope', entry);
}

/** Runs the open node's step ("Execute step") and waits for its output. */
async function runStep(editor: Editor, take: Take, still: string): Promise<void> {
	const page = editor.page;
	await page.locator('[data-test-id=node-execute-button]').first().click();
	// The items this node output, or n8n's word why it did not run (a toast): never taken for each other.
	const items = page.locator('[data-test-id=output-panel] [data-test-id=run-data-item-count]').first().waitFor({ timeout: 90_000 }).then(() => 'items' as const);
	const refusedToast = page.locator('.el-notification:visible', { hasText: /cannot start|problem|issues|error/i }).first();
	const refused = refusedToast.waitFor({ timeout: 90_000 }).then(() => 'refused' as const);
	// The loser times out later: no unhandled rejection.
	items.catch(() => undefined);
	refused.catch(() => undefined);
	const outcome = await Promise.race([items, refused]).catch(() => 'nothing' as const);
	if (outcome === 'refused') throw new Error(`the step did not run: ${(await refusedToast.innerText()).replace(/\s+/g, ' ')}`);
	if (outcome === 'nothing') throw new Error('the step showed no items within 90 s');
	// An error item counts as an item: n8n's "Problem in node" says it failed.
	await page.waitForTimeout(1500);
	if (await refusedToast.isVisible()) throw new Error(`the step failed: ${(await refusedToast.innerText()).replace(/\s+/g, ' ')}`);
	await page.waitForTimeout(2500);
	await take.still(still);
	await editor.closeNdv();
}

/** Publishes the open workflow (saved first), as the editor's Publish button does. */
async function publish(editor: Editor): Promise<void> {
	const page = editor.page;
	await editor.saveWorkflow();
	await page.getByRole('button', { name: /^publish$/i }).first().click();
	// n8n 2.x asks for a version name in a dialog; its own Publish button confirms.
	const confirm = page.locator('.el-dialog:visible, [role=dialog]:visible').getByRole('button', { name: /^publish$/i });
	if (await confirm.waitFor({ timeout: 5_000 }).then(() => true, () => false)) await confirm.click();
	await page.getByText(/published/i).first().waitFor({ timeout: 90_000 });
	await page.waitForTimeout(1000);
}

/**
 * Waits until the open workflow has a run (asked of n8n's REST API, as the editor's executions list
 * asks it), then shows that run in the editor.
 */
async function showFirstExecution(editor: Editor, host: Host, timeoutMs: number): Promise<string> {
	const page = editor.page;
	const workflowId = /\/workflow\/([^/?#]+)/.exec(page.url())?.[1];
	if (!workflowId) throw new Error(`no saved workflow in ${page.url()}`);
	await page.goto(`${host.n8n.baseUrl}/workflow/${workflowId}/executions`);
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const listed = await host.client.rest<{ results?: Array<{ id: string; status: string }> }>('GET', `/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`);
		const run = (listed?.results ?? []).find((e) => e.status === 'success');
		if (run) {
			await page.goto(`${host.n8n.baseUrl}/workflow/${workflowId}/executions/${run.id}`);
			await page.waitForTimeout(3_000);
			// n8n's first-publish checklist opens over the run: closed, as a user closes it.
			const checklist = page.locator('div:has(> :text-is("Production Checklist")) button').first();
			if (await checklist.isVisible()) await checklist.click({ timeout: 2_000 }).catch(() => undefined);
			await page.waitForTimeout(3_000);
			return run.id;
		}
		if (Date.now() > deadline) throw new Error(`no successful run of workflow ${workflowId} within ${timeoutMs / 1000} s (runs: ${JSON.stringify(listed?.results ?? [])})`);
		await page.waitForTimeout(3_000);
	}
}

async function main(): Promise<void> {
	const chromium = await ensureChromium((l) => say(`[demo] ${l}`));
	const ffmpeg = await ensureFfmpeg((l) => say(`[demo] ${l}`));
	if ('skip' in chromium) throw new Error(`the demo needs Chromium: ${chromium.skip}`);
	if ('skip' in ffmpeg) throw new Error(`the demo needs ffmpeg: ${ffmpeg.skip}`);
	mkdirSync(OUT, { recursive: true });
	const work = mkdtempSync(join(tmpdir(), 'skyslope-demo-'));
	const host = await startHost({
		userFolder: join(work, 'n8n'),
		n8nPort: await freePort(),
		sandboxPort: 0,
		persistent: false,
		examples: false,
		sandboxCredentials: false,
		log: (l) => say(`[demo] ${l}`),
	});
	// What a user types into each credential: the sandbox's values, as `npm start` imports them.
	const sandbox = await sandboxCredentials(host.sandbox.baseUrl);
	const hint = (type: string, key: string): string => {
		const value = (sandbox.find((c) => c.type === type)?.data as Record<string, unknown> | undefined)?.[key];
		if (typeof value !== 'string' || !value) throw new Error(`the sandbox gives no ${key} for ${type}`);
		return value;
	};
	const editor = await Editor.open(host.n8n.baseUrl);
	await editor.page.setViewportSize(VIEW);
	const take = new Take(editor.page, work);
	const video = join(OUT, 'n8n-nodes-skyslope-demo.mp4');
	/** Only a whole take replaces the repository's stills; a broken one leaves its own beside the video. */
	let whole = false;
	try {
		await editor.signIn();
		await take.start();
		await take.step('n8n 2.41.1 with n8n-nodes-skyslope 0.1.0, packed with npm pack and installed into n8n\'s nodes folder');
		await editor.newWorkflow();
		await editor.page.locator('[data-test-id=canvas-plus-button]').click();
		await editor.page.keyboard.type('SkySlope', { delay: 80 });
		await editor.page.waitForTimeout(2500);
		await take.still('The nodes panel');
		await editor.page.keyboard.press('Escape');
		await manualStart(editor);

		await take.step('Listings & Sales: Get many listings, its credential created and tested by n8n');
		await editor.addFromPanel('SkySlope', 'Get many listings');
		await createCredential(editor, take, {
			customBaseUrl: hint('skySlopeApi', 'customBaseUrl'),
			clientId: hint('skySlopeApi', 'clientId'),
			clientSecret: hint('skySlopeApi', 'clientSecret'),
			accessKey: hint('skySlopeApi', 'accessKey'),
			accessSecret: hint('skySlopeApi', 'accessSecret'),
		});
		await take.step('Listings & Sales: the step runs');
		await runStep(editor, take, 'Get many listings');

		await take.step('Offers: Get many offers, its credential created and tested by n8n');
		await actionInNewWorkflow(editor, 'Get many offers');
		await createCredential(editor, take, { customBaseUrl: hint('skySlopeOffersOAuth2Api', 'customBaseUrl'), clientId: hint('skySlopeOffersOAuth2Api', 'clientId'), clientSecret: hint('skySlopeOffersOAuth2Api', 'clientSecret') });
		await take.step('Offers: the offers of the last 90 days');
		const start = editor.page.locator('[data-test-id=ndv] [data-test-id=parameter-input-startDate] input').first();
		await start.click();
		// Typed as a user types into the date picker, confirmed with Enter (Escape would cancel it).
		await start.pressSequentially(`${new Date(Date.now() - 90 * 24 * 3600 * 1000).toISOString().slice(0, 10)} 00:00:00`, { delay: 30 });
		await start.press('Enter');
		await editor.page.locator('[data-test-id=ndv] [data-test-id=node-parameters]').getByText('Limit', { exact: true }).first().click();
		await editor.settle();
		if (!(await start.inputValue())) throw new Error('Offers: the Start Date did not take the date typed');
		await runStep(editor, take, 'Get many offers');

		await take.step('Forms: Get many files, its credential connected through n8n\'s OAuth2 window');
		await actionInNewWorkflow(editor, 'Get many files');
		await createCredential(
			editor,
			take,
			{
				customBaseUrl: hint('skySlopeFormsOAuth2Api', 'customBaseUrl'),
				customAccountsUrl: hint('skySlopeFormsOAuth2Api', 'customAccountsUrl'),
				clientId: hint('skySlopeFormsOAuth2Api', 'clientId'),
				clientSecret: hint('skySlopeFormsOAuth2Api', 'clientSecret'),
			},
			{ oauth: true },
		);
		await take.step('Forms: the step runs');
		await runStep(editor, take, 'Get many files');
		await editor.saveWorkflow();

		await take.step('SkySlope Trigger: On new offer, published');
		await editor.newWorkflow();
		await editor.addFromPanel('SkySlope', 'On new offer');
		await editor.closeNdv();
		await publish(editor);
		// The first poll (at publishing) records what is there; an offer made after it is new.
		await editor.page.waitForTimeout(5_000);
		await take.step('An offer comes in (made in the sandbox); the trigger\'s next poll, within a minute, starts a run');
		const made = await fetch(`${host.sandbox.baseUrl}/offers/sandbox/offers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ OfferTerms: { OfferPrice: 612500 } }) });
		if (!made.ok) throw new Error(`the sandbox refused the offer: HTTP ${made.status} ${await made.text()}`);
		await showFirstExecution(editor, host, 150_000);
		await take.still('The trigger fired');

		await take.step('SkySlope Signing Trigger: a file picked from its list, its signed PDFs downloaded, published (n8n subscribes the file)');
		await editor.newWorkflow();
		await editor.addNode('SkySlope Signing Trigger', { trigger: true });
		// The file picked from the list the node loads, as a user picks it.
		const ndv = editor.page.locator('[data-test-id=ndv]');
		if (!(await ndv.locator('[data-test-id=rlc-input]').first().isVisible())) await ndv.getByRole('button', { name: /add file/i }).first().click();
		await ndv.locator('[data-test-id=rlc-input]').first().click();
		await editor.page.locator('[data-test-id=rlc-item]').first().click();
		await editor.settle();
		// The signed PDFs into the run: Options > Download Signed Documents, switched on.
		await ndv.locator('[data-test-id=collection-parameter-add]').first().click();
		await editor.page.locator('.el-select-dropdown__item:visible, [data-test-id=collection-parameter-option]:visible', { hasText: 'Download Signed Documents' }).first().click();
		await ndv.locator('[data-test-id=parameter-input-downloadDocuments] .el-switch').first().click();
		await editor.settle();
		await editor.closeNdv();
		await publish(editor);
		const workflowId = /\/workflow\/([^/?#]+)/.exec(editor.page.url())?.[1];
		const saved = await host.client.rest<{ nodes: Array<{ type: string; parameters: { files?: { file?: Array<{ fileId?: { value?: unknown } }> } } }> }>('GET', `/workflows/${workflowId}`);
		const fileId = saved.nodes.find((n) => n.type.endsWith('skySlopeSigningTrigger'))?.parameters.files?.file?.[0]?.fileId?.value;
		if (!fileId) throw new Error(`the Signing Trigger holds no file: ${JSON.stringify(saved.nodes.map((n) => n.parameters))}`);
		await take.step('A buyer signs (in the sandbox): the Signing Trigger runs with the signed PDF');
		const signed = await fetch(`${host.sandbox.baseUrl}/forms/sandbox/files/${encodeURIComponent(String(fileId))}/sign`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
		if (!signed.ok) throw new Error(`the sandbox refused the signing: HTTP ${signed.status} ${await signed.text()}`);
		const signing = await showFirstExecution(editor, host, 90_000);
		// The run carries the signed PDF as binary data (read in the run's data, as the editor reads it).
		const run = JSON.stringify(await host.client.rest('GET', `/executions/${signing}`));
		if (!/application\/pdf/.test(run)) throw new Error(`the Signing Trigger's run ${signing} carries no PDF`);
		await take.still('The signing delivered');
		await take.step('Done: every service, both triggers, no JSON typed');
		await editor.page.waitForTimeout(2500);
		whole = true;
	} catch (error) {
		const shot = join(OUT, 'failed.png');
		await editor.page.screenshot({ path: shot }).catch(() => undefined);
		writeFileSync(join(OUT, 'failed.html'), await editor.page.content().catch(() => ''));
		throw new Error(`${(error as Error).message} (the screen then: ${shot})`);
	} finally {
		const seconds = await take.finish(video, ffmpeg.path).catch((e: Error) => {
			say(`[demo] the take could not be encoded: ${e.message}`);
			process.exitCode = 1;
			whole = false;
			return 0;
		});
		const stillsDir = whole ? STILLS : join(OUT, 'stills');
		const stills = take.saveStills(ffmpeg.path, stillsDir);
		say(`[demo] ${video}: ${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s (${seconds <= LIMIT_S ? 'under' : 'OVER'} n8n's five minutes); ${stills.length} stills and a contact sheet in ${whole ? 'docs/images/demo/' : stillsDir}`);
		if (whole && seconds > LIMIT_S) process.exitCode = 1;
		await editor.close();
		await host.stop();
		rmSync(work, { recursive: true, force: true });
	}
}

// Exits once done: a step's losing wait (a toast that never came) would hold the process for its 90 s.
void main()
	.catch((error: Error) => {
		say(`[demo] failed: ${error.message}`);
		process.exitCode = 1;
	})
	.finally(() => process.exit());
