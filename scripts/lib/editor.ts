/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The n8n editor driven as a user drives it: sign in, add a node from the nodes panel, pick a
// resource and an operation in the node's own dropdowns, read what each screen shows. What a
// screen must not show is collected as findings; the test asserts there are none.
import { join } from 'node:path';

import { type Browser, chromium, type Page, type Response } from 'playwright-core';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { OWNER } from './n8n-api';
import { rawTokens } from './raw-names';

export type FindingKind = 'error shown' | 'issue marker' | 'list failed' | 'raw name' | 'required but optional' | 'credential';

export interface Finding {
	screen: string;
	kind: FindingKind;
	detail: string;
}

export const formatFinding = (f: Finding) => `${f.screen} — ${f.kind}: ${f.detail}`;

interface ScreenState {
	open: boolean;
	labels: Array<{ name: string; required: boolean; issue: string }>;
	errors: string[];
	notices: Array<{ text: string; theme: string }>;
	issueMarkers: string[];
	failedLists: string[];
	shownValues: string[];
	locators: Array<{ testId: string; mode: string; label: string }>;
}

/** What makes a notice an error message rather than guidance. */
const ERROR_WORDS = /(must be an? |got "|error fetching|could not (be )?(load|read|reach|fetch)|\binvalid\b|HTTP \d{3}|status code)/i;
/** Words in a list's answer that say it failed (rather than "pick a file first"). */
const LIST_FAILURE = /\b(error|failed|could not|couldn't|status code|4\d\d|5\d\d)\b/i;

export class Editor {
	private inFlight = 0;
	private lastActivity = Date.now();
	/** Failed answers of n8n's dynamic-parameter endpoint (options, list search, resource mapping). */
	private failedCalls: string[] = [];
	/**
	 * Locators whose list this node's walk already opened: the answer does not change while nothing
	 * is typed, and n8n marks an opened locator as touched (a red marker when it is required and
	 * empty), which is the test's doing, not the node's.
	 */
	private openedLocators = new Map<string, string>();

	private constructor(
		readonly browser: Browser,
		readonly page: Page,
		readonly baseUrl: string,
	) {
		// Leaving a workflow with unsaved changes (each test starts a new one) asks the browser first.
		page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
		const isDynamic = (url: string) => url.includes('/rest/dynamic-node-parameters/');
		page.on('request', (r) => {
			if (!isDynamic(r.url())) return;
			this.inFlight++;
			this.lastActivity = Date.now();
		});
		const done = () => {
			this.inFlight = Math.max(0, this.inFlight - 1);
			this.lastActivity = Date.now();
		};
		page.on('requestfailed', (r) => {
			if (isDynamic(r.url())) done();
		});
		page.on('response', (res: Response) => {
			if (!isDynamic(res.url())) return;
			void res
				.text()
				.catch(() => '')
				.then((body) => {
					if (res.status() >= 400) {
						let method = '';
						try {
							method = String((JSON.parse(res.request().postData() ?? '{}') as { methodName?: string }).methodName ?? '');
						} catch {
							// no body to read
						}
						const message = /"message":"([^"]*)"/.exec(body)?.[1] ?? body.slice(0, 200);
						this.failedCalls.push(`${new URL(res.url()).pathname.split('/').pop()} ${method}: HTTP ${res.status()} ${message}`);
					}
					done();
				});
		});
	}

	static async open(baseUrl: string): Promise<Editor> {
		const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
		const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
		// A step of a screen (a list to open, a field to show) answers in a second on an idle machine;
		// with the stages of `npm test` side by side, n8n's answers behind it can take 15 s and more.
		context.setDefaultTimeout(45_000);
		// A page load starts n8n's whole front end: longer again than a step.
		context.setDefaultNavigationTimeout(90_000);
		await context.addInitScript({ path: join(__dirname, 'editor-in-page.js') });
		return new Editor(browser, await context.newPage(), baseUrl);
	}

	async close(): Promise<void> {
		await this.browser.close();
	}

	async signIn(): Promise<void> {
		await this.page.goto(`${this.baseUrl}/signin`);
		await this.page.waitForSelector('input[name=emailOrLdapLoginId]', { timeout: 90_000 });
		await this.page.fill('input[name=emailOrLdapLoginId]', OWNER.email);
		await this.page.fill('input[name=password]', OWNER.password);
		await this.page.click('[data-test-id=form-submit-button]');
		await this.page.waitForURL((u) => !u.pathname.includes('signin'), { timeout: 90_000 });
	}

	async newWorkflow(): Promise<void> {
		await this.page.goto(`${this.baseUrl}/workflow/new`);
		await this.page.waitForSelector('[data-test-id=canvas-plus-button]', { timeout: 90_000 });
	}

	/**
	 * Adds a node through the nodes panel as a user does: search its name, open it, click its first
	 * trigger or its first action. The node's details view opens.
	 */
	async addNode(displayName: string, opts: { trigger: boolean }): Promise<void> {
		await this.openPanel(displayName);
		// The item named exactly so: "SkySlope" is also the start of "SkySlope Signing Trigger".
		await this.page.locator('[data-test-id=node-creator-item-name]').getByText(displayName, { exact: true }).first().click();
		// A node with nothing to choose (a trigger of its own, no events) opens its details at once.
		const ndv = this.page.locator('[data-test-id=ndv] [data-test-id=node-parameters]');
		// A node with no actions or events of its own (the Signing Trigger) gets a page with one button.
		const addButton = this.page.locator('[data-test-id=node-creator]').getByRole('button', { name: 'Add to workflow' });
		const either = [ndv, this.page.locator('[data-test-id=node-creator-category-item]').first(), addButton];
		// The ones that never come time out later: caught, so that they are no unhandled rejection.
		await Promise.race(either.map((l) => l.waitFor().catch(() => undefined)));
		if (await addButton.isVisible()) {
			await addButton.click();
			await ndv.waitFor();
		}
		if (await ndv.isVisible()) {
			await this.settle();
			return;
		}
		const items = this.page.locator('[data-test-id=node-creator-item-name]');
		await items.first().waitFor();
		const category = (name: string) => this.page.locator('[data-test-id=node-creator-category-item]', { hasText: name });
		// The node's page lists its actions and its triggers, each under a heading that may be folded.
		const wanted = opts.trigger ? 'Triggers' : 'Actions';
		const index = (): Promise<number> =>
			this.page.evaluate(`(() => {
				const all = [...document.querySelectorAll('[data-test-id=node-creator-category-item], [data-test-id=node-creator-item-name]')];
				let inWanted = !all.some((el) => el.getAttribute('data-test-id') === 'node-creator-category-item');
				let n = 0;
				for (const el of all) {
					if (el.getAttribute('data-test-id') === 'node-creator-category-item') { inWanted = el.innerText.trim().startsWith(${JSON.stringify(wanted)}); continue; }
					if (inWanted) return n;
					n++;
				}
				return -1;
			})()`) as Promise<number>;
		let at = await index();
		if (at < 0 && (await category(wanted).count()) > 0) {
			await category(wanted).first().click();
			await this.page.waitForTimeout(300);
			at = await index();
		}
		if (at < 0) throw new Error(`${displayName}: the nodes panel offers no ${wanted.toLowerCase()}`);
		await items.nth(at).click();
		await this.page.waitForSelector('[data-test-id=ndv] [data-test-id=node-parameters]');
		await this.settle();
	}

	/**
	 * Adds a node from one entry of its page in the nodes panel, as a user does: search the node's
	 * name, open it, click the entry (an event of a trigger, an action of a node). Its details open.
	 */
	async addFromPanel(displayName: string, entry: string): Promise<void> {
		await this.openPanel(displayName);
		await this.page.locator('[data-test-id=node-creator-item-name]').getByText(displayName, { exact: true }).first().click();
		await this.page.locator('[data-test-id=node-creator-item-name]').first().waitFor();
		// The page is drawn as it scrolls: scroll until the entry is there.
		const target = this.page.locator('[data-test-id=node-creator-item-name]').getByText(entry, { exact: true });
		const first = this.page.locator('[data-test-id=node-creator-category-item], [data-test-id=node-creator-item-name]').first();
		await first.hover();
		for (let step = 0; step < 120 && (await target.count()) === 0; step++) {
			await this.page.mouse.wheel(0, 300);
			await this.page.waitForTimeout(80);
		}
		if ((await target.count()) === 0) throw new Error(`${displayName}: the nodes panel offers no "${entry}"`);
		await target.first().scrollIntoViewIfNeeded();
		await target.first().click();
		await this.page.waitForSelector('[data-test-id=ndv] [data-test-id=node-parameters]');
		await this.settle();
	}

	/** The value an options parameter shows (its option's name), or undefined when the panel has no such field. */
	async valueOf(name: string): Promise<string | undefined> {
		const field = this.page.locator(`[data-test-id=ndv] [data-test-id=parameter-input-${name}]`);
		if (!(await field.isVisible())) return undefined;
		return (await field.locator('input').first().inputValue()).trim();
	}

	/**
	 * Creates a credential from the node's credential field ("Create new credential"), fills the
	 * given fields, saves it under n8n's default name and closes the dialog: the node then holds it.
	 */
	async createCredential(fields: Record<string, string>): Promise<void> {
		await this.openCredentialList();
		await this.page.locator('[data-test-id=node-credentials-select-item-new]').click();
		const modal = this.page.locator('[data-test-id=editCredential-modal]');
		await modal.waitFor();
		for (const [field, value] of Object.entries(fields)) {
			await modal.locator(`[data-test-id=parameter-input-${field}] input, [data-test-id=parameter-input-${field}] textarea`).first().fill(value);
		}
		await modal.locator('[data-test-id=credential-save-button]').click();
		// Saved: the button reads "Saved" (the connection test may go on, or fail: not this test's subject).
		await this.page.waitForFunction("(() => { const b = document.querySelector('[data-test-id=credential-save-button]'); return !!b && /saved/i.test(b.innerText); })()", undefined, { timeout: 30_000 }).catch(() => undefined);
		await this.page.waitForTimeout(500);
		await this.page.locator('[data-test-id=editCredential-modal] .el-dialog__headerbtn, [data-test-id=editCredential-modal] [aria-label=Close]').first().click().catch(async () => this.page.keyboard.press('Escape'));
		await modal.waitFor({ state: 'hidden' }).catch(() => undefined);
		await this.settle();
	}

	/** Saves the workflow (Ctrl+S, as a user does) and waits until n8n says it is saved. */
	async saveWorkflow(): Promise<void> {
		await this.page.keyboard.press('ControlOrMeta+S');
		await this.page.waitForURL((u) => /\/workflow\/[^/]+$/.test(u.pathname) && !u.pathname.endsWith('/new'), { timeout: 30_000 });
		await this.page.waitForTimeout(1000);
	}

	/** Reloads the saved workflow and opens one of its nodes by its name on the canvas. */
	async reopenNode(nodeName: string): Promise<void> {
		await this.page.reload();
		await this.page.waitForSelector('[data-test-id=canvas-node]', { timeout: 90_000 });
		await this.page.locator('[data-test-id=canvas-node]', { hasText: nodeName }).first().dblclick();
		await this.page.waitForSelector('[data-test-id=ndv] [data-test-id=node-parameters]');
		await this.settle();
	}

	/** Opens the nodes panel (closing the details view first) and types a search. */
	private async openPanel(search: string): Promise<void> {
		if (await this.page.locator('[data-test-id=ndv]').isVisible()) await this.closeNdv();
		this.openedLocators.clear();
		// A fresh panel every time: an open one (a node's page from an earlier search) is closed first.
		await this.closePanel();
		const first = this.page.locator('[data-test-id=canvas-plus-button]');
		if (await first.isVisible()) await first.click();
		else await this.page.click('[data-test-id=node-creator-plus-button]');
		// Into the search bar, as a user clicks it. The panel does not always take the keyboard at once
		// (it is still opening under load): the search is typed again until the bar holds it.
		const bar = this.page.locator('[data-test-id=node-creator-search-bar]');
		for (let attempt = 0; attempt < 5 && (await bar.inputValue().catch(() => '')) !== search; attempt++) {
			await bar.click();
			await this.page.keyboard.press('ControlOrMeta+A');
			await this.page.keyboard.type(search);
			await this.page.waitForTimeout(300);
		}
		if ((await bar.inputValue()) !== search) throw new Error(`the nodes panel's search bar did not take "${search}"`);
		await this.page.locator('[data-test-id=node-creator-item-name]').first().waitFor();
	}

	/** The names of the nodes the nodes panel lists for a search. */
	async panelNodes(search: string): Promise<string[]> {
		await this.openPanel(search);
		await this.settle();
		const names = (await this.page.locator('[data-test-id=node-creator-item-name]').allInnerTexts()).map((t) => t.trim());
		await this.closePanel();
		return names;
	}

	/** The items the nodes panel lists on the page of a node found by a search (its actions under their resources), one a line. */
	async panelPage(search: string, node: string): Promise<string> {
		await this.openPanel(search);
		await this.page.locator('[data-test-id=node-creator-item-name]').getByText(node, { exact: true }).first().click();
		await this.page.locator('[data-test-id=node-creator-category-item]').first().waitFor();
		await this.settle();
		// The list is drawn as it scrolls: scroll it through, collecting what each stretch shows.
		const seen = new Set<string>();
		await this.page.locator('[data-test-id=node-creator-category-item]').first().hover();
		for (let step = 0; step < 60; step++) {
			const before = seen.size;
			for (const t of await this.page.locator('[data-test-id=node-creator-item-name]').allInnerTexts()) seen.add(t.trim());
			if (step > 3 && seen.size === before) break;
			await this.page.mouse.wheel(0, 600);
			await this.page.waitForTimeout(150);
		}
		await this.closePanel();
		return [...seen].join('\n');
	}

	private async closePanel(): Promise<void> {
		for (let i = 0; i < 3 && (await this.page.locator('[data-test-id=node-creator]').isVisible()); i++) {
			await this.page.keyboard.press('Escape');
			await this.page.waitForTimeout(200);
		}
	}

	/**
	 * The credential fields the open details view shows: what each asks for (its label, "Credential
	 * for <credential type>") and the credential it holds ('' for none chosen yet).
	 */
	async credentialsShown(justAdded = false): Promise<Array<{ label: string; value: string }>> {
		await this.settle();
		// n8n gives a node just added the credential of its type after it opens, not with it: wait for
		// a value (a field still empty after that is what the test reports). With 5 s, one entry's
		// field once read as not of its type with every stage of npm test side by side on 2 cores
		// (2026-11-30, a fresh clone's .ci/run; the report did not say whether it was empty).
		if (justAdded)
			await this.page
				.waitForFunction("[...document.querySelectorAll('[data-test-id=ndv] [data-test-id=node-credentials-select] input')].every((i) => i.value.trim() !== '')", undefined, { timeout: 15_000 })
				.catch(() => undefined);
		const selects = this.page.locator('[data-test-id=ndv] [data-test-id=node-credentials-select]');
		// "Credential for <type>" where the node lists several credential types, "Credential" where one
		// ("Credential to connect with" in n8n 1.x's editor, read as "Credential").
		const labels = ((await this.page.locator('[data-test-id=ndv] [data-test-id=node-parameters]').innerText()).match(/^Credential( for .+| to connect with)?$/gm) ?? []).map((l) =>
			l.trim() === 'Credential to connect with' ? 'Credential' : l.trim(),
		);
		const shown: Array<{ label: string; value: string }> = [];
		const count = Math.max(labels.length, await selects.count());
		for (let i = 0; i < count; i++) {
			const input = selects.nth(i).locator('input').first();
			const value = i < (await selects.count()) && (await input.count()) ? (await input.inputValue()).trim() : '';
			shown.push({ label: labels[i] ?? '(no label)', value });
		}
		return shown;
	}

	/**
	 * Opens the credential field's list. Right after another list of the panel was used, the first
	 * click only takes the focus (seen in 2.41.1's editor): a user clicks again, and so does this.
	 */
	private async openCredentialList(): Promise<void> {
		await this.dropdownsClosed();
		const field = this.page.locator('[data-test-id=ndv] [data-test-id=node-credentials-select] input').first();
		const open = this.page.locator('.el-select-dropdown__item:visible, [data-test-id=node-credentials-select-item-new]:visible').first();
		for (let attempt = 0; attempt < 3; attempt++) {
			await field.click();
			if (await open.waitFor({ timeout: 2_000 }).then(() => true, () => false)) return;
		}
		await open.waitFor();
	}

	/** Picks a credential in the details view's (only) credential field, as a user does the first time. */
	async chooseCredential(name: string): Promise<void> {
		await this.dropdownsClosed();
		await this.openCredentialList();
		await this.page.locator('.el-select-dropdown__item:visible').filter({ hasText: name }).first().click();
		await this.settle();
	}

	/**
	 * Opens a credential's edit dialog from the Credentials list (in a tab of its own), reads it, and
	 * closes it without an edit: what the dialog asked then, if anything, and the Scopes field.
	 */
	async openCredential(name: string, options: { screenshot?: string } = {}): Promise<{ askedToDiscard: string; scopes: string; labels: string[] }> {
		const page = await this.page.context().newPage();
		try {
			await page.goto(`${this.baseUrl}/home/credentials`);
			// A new page starts n8n's front end again before the list is asked: a page load's time.
			const item = page.locator('[data-test-id=resources-list-item]', { hasText: name }).first();
			await item.waitFor({ timeout: 90_000 });
			await item.click();
			const modal = page.locator('[data-test-id=editCredential-modal]');
			await modal.waitFor();
			await page.waitForTimeout(1500);
			// A multi-select shows its values as tags (its input is only the search box); a text field as its value.
			const field = modal.locator('[data-test-id=parameter-input-scopes]');
			const tags = await field
				.locator('.el-tag, .el-select__selected-item, .el-select__tags-text')
				.evaluateAll((els) => els.map((el) => String((el as unknown as { innerText: string }).innerText).trim()).filter(Boolean));
			const scopesInput = field.locator('input, textarea');
			const typed = (await scopesInput.count()) ? await scopesInput.first().inputValue() : '';
			const scopes = tags.length ? tags.join(', ') : typed;
			const labels = await modal.locator('label.n8n-input-label').evaluateAll((els) =>
				els.map((el) => String((el as unknown as { innerText: string }).innerText).replace(/\s+/g, ' ').replace(/\s*\*$/, '').trim()),
			);
			if (options.screenshot) await page.screenshot({ path: options.screenshot });
			await page.keyboard.press('Escape');
			await page.waitForTimeout(800);
			const box = page.locator('.el-message-box:visible');
			let askedToDiscard = '';
			if (await box.count()) {
				askedToDiscard = String(await box.first().innerText()).replace(/\s+/g, ' ').trim();
				await box.first().getByRole('button', { name: 'Close', exact: true }).click().catch(() => undefined);
			}
			return { askedToDiscard, scopes, labels: labels.filter(Boolean) };
		} finally {
			await page.close();
		}
	}

	async closeNdv(): Promise<void> {
		// Escape first closes whatever dropdown has the focus; the close button always closes the view.
		await this.page.keyboard.press('Escape');
		const close = this.page.locator('[data-test-id=ndv-close-button]');
		if (await close.isVisible()) await close.click();
		await this.page.waitForSelector('[data-test-id=ndv]', { state: 'hidden' });
	}

	/** Waits until the dynamic lists the screen asked for have answered and nothing moved for a moment. */
	async settle(quietMs = 400, maxMs = 15000): Promise<void> {
		const until = Date.now() + maxMs;
		await this.page.waitForTimeout(150);
		while (Date.now() < until) {
			if (this.inFlight === 0 && Date.now() - this.lastActivity >= quietMs) return;
			await this.page.waitForTimeout(100);
		}
	}

	hasParameter(name: string): Promise<boolean> {
		return this.page.locator(`[data-test-id=ndv] [data-test-id=parameter-input-${name}]`).isVisible();
	}

	/**
	 * Waits until no dropdown list is visible: a list closing (its animation) is still on screen for
	 * a moment, and reading the next list then would read the old one.
	 */
	async dropdownsClosed(): Promise<void> {
		await this.page
			.waitForFunction(
				"!Array.from(document.querySelectorAll('.el-select-dropdown__item')).some((el) => el.offsetParent !== null)",
				undefined,
				{ timeout: 5000 },
			)
			.catch(() => undefined);
	}

	/** The options of a dropdown parameter (opens and closes it). */
	async optionsOf(name: string): Promise<string[]> {
		await this.dropdownsClosed();
		await this.page.click(`[data-test-id=ndv] [data-test-id=parameter-input-${name}]`);
		await this.page.locator('.el-select-dropdown__item:visible').first().waitFor();
		const names = (await this.page.evaluate('window.__skyslope.dropdownOptions()')) as string[];
		await this.page.keyboard.press('Escape');
		await this.dropdownsClosed();
		return names;
	}

	/** Picks an option of a dropdown parameter by its name, as a user clicks it. */
	async pick(name: string, option: string): Promise<void> {
		await this.dropdownsClosed();
		await this.page.click(`[data-test-id=ndv] [data-test-id=parameter-input-${name}]`);
		await this.page.locator('.el-select-dropdown__item:visible').first().waitFor();
		const names = (await this.page.evaluate('window.__skyslope.dropdownOptions()')) as string[];
		if (!names.includes(option)) throw new Error(`${name}: no option "${option}" among ${names.join(', ')}`);
		await this.page
			.locator('.el-select-dropdown__item:visible')
			.filter({ has: this.page.getByText(option, { exact: true }) })
			.first()
			.click();
		await this.settle();
	}

	/**
	 * Everything on the open screen that a user should not meet before typing anything, as findings
	 * named `screen`. Opens each list-mode resource locator to see that its list loads.
	 */
	async inspect(screen: string, opts: { optionNames?: string[] } = {}): Promise<Finding[]> {
		const findings: Finding[] = [];
		const add = (kind: FindingKind, detail: string) => {
			if (!findings.some((f) => f.kind === kind && f.detail === detail)) findings.push({ screen, kind, detail });
		};
		const s = (await this.page.evaluate('window.__skyslope.screen()')) as ScreenState;
		if (!s.open) {
			add('error shown', 'the node details view is not open');
			return findings;
		}
		for (const e of s.errors) add('error shown', e);
		for (const n of s.notices) if (n.theme === 'danger' || ERROR_WORDS.test(n.text)) add('error shown', `notice: ${n.text}`);
		const touched = new Set([...this.openedLocators.keys()].map((k) => k.split('\u0000')[1]));
		for (const l of s.labels) if (l.issue && !touched.has(l.name)) add('issue marker', `${l.name}: ${l.issue}`);
		for (const m of s.issueMarkers) if (!touched.has(m)) add('issue marker', m);
		for (const l of s.failedLists) add('list failed', `${l}: Error fetching options`);
		const names = [...s.labels.map((l) => l.name), ...s.shownValues, ...(opts.optionNames ?? [])];
		for (const name of names) {
			const raw = rawTokens(name);
			if (raw.length) add('raw name', `"${name}" (${raw.join(', ')})`);
		}
		for (const l of s.labels) {
			if (l.required && /\b(optional|leave (it )?empty|if (left )?empty|when empty)\b/i.test(l.name)) {
				add('required but optional', l.name);
			}
		}
		for (const rlc of s.locators) {
			if (rlc.mode !== 'From list') continue;
			const key = `${rlc.testId}\u0000${rlc.label}`;
			let problem = this.openedLocators.get(key);
			if (problem === undefined) {
				problem = await this.checkLocatorList(rlc.testId);
				this.openedLocators.set(key, problem);
			}
			if (problem) add('list failed', `${rlc.label}: ${problem}`);
		}
		for (const t of (await this.page.evaluate('window.__skyslope.toasts()')) as Array<{ text: string; error: boolean; note: boolean }>) {
			// n8n's word on saving the workflow the test just left (each test starts a new one) is about
			// n8n's autosave, not the node (seen once, 2026-11-29, a fresh clone's run).
			if (!t.note && !/^Workflow updated elsewhere\b/.test(t.text)) add('error shown', `toast: ${t.text}`);
		}
		await this.page.locator('.el-notification .el-notification__closeBtn').evaluateAll((els) => {
			for (const el of els) (el as unknown as { click(): void }).click();
		});
		for (const call of this.failedCalls.splice(0)) add('list failed', call);
		return findings;
	}

	/** Opens a locator's list and reads it; returns what went wrong, or '' when it loaded (or says what it waits for). */
	private async checkLocatorList(testId: string): Promise<string> {
		await this.page.click(`[data-test-id=ndv] [data-test-id=${testId}] [data-test-id=rlc-input]`);
		await this.settle();
		let list = (await this.page.evaluate('window.__skyslope.locatorList()')) as {
			open: boolean;
			items: string[];
			loading: boolean;
			text: string;
		};
		for (let i = 0; i < 30 && list.open && list.loading; i++) {
			await this.page.waitForTimeout(200);
			list = (await this.page.evaluate('window.__skyslope.locatorList()')) as typeof list;
		}
		await this.page.keyboard.press('Escape');
		if (!list.open) return 'the list did not open';
		if (list.loading) return 'still loading after 6 s';
		if (list.items.length === 0 && LIST_FAILURE.test(list.text)) return list.text.slice(0, 300);
		return '';
	}

	async screenshot(file: string): Promise<void> {
		await this.page.screenshot({ path: file });
	}

	/** Names and subtitles of the nodes on the canvas. */
	async canvasNodes(): Promise<Array<{ name: string; text: string[] }>> {
		return (await this.page.evaluate('window.__skyslope.canvasNodes()')) as Array<{ name: string; text: string[] }>;
	}
}
