/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// A new user's first look at each node, in the real n8n editor, set up by clicking only:
// - every event entry of the nodes panel lands the SkySlope Trigger on its event with its service's
//   saved credential; the event survives creating a credential, picking another and saving; the
//   panel shows Trigger On and every event can be chosen there;
// - one action entry per resource lands the SkySlope node on its service, resource and operation,
//   with its credential;
// - every service, resource and operation picked in the node's own dropdowns shows no error, no red
//   marker, no failed list, no raw name and no field wrongly marked required before typing anything,
//   and only its own service's credential.
// A control that is not there is a failure, never a skip. The panel shows one SkySlope node, and a
// search of its actions finds all three services'. Each credential opens unchanged. A screenshot per
// node goes into a temporary folder (printed); with
// SKYSLOPE_SCREENSHOTS=<folder> (`docs/images` for the README, see CONTRIBUTING.md) the pictures the
// README shows are saved there too, under fixed names.
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { services } from '../../nodes/SkySlope/actions';
import { LISTINGS_SALES_EVENTS } from '../../nodes/SkySlope/listingsSales/trigger';
import { OFFERS_EVENTS } from '../../nodes/SkySlope/offers/trigger';
import { say } from '../../scripts/lib/host';
import { CREDENTIALS as SANDBOX_CREDENTIALS, state } from '../../harness/n8n/workflows';
import { Editor, type Finding, formatFinding } from '../../scripts/lib/editor';
import { rawTokens } from '../../scripts/lib/raw-names';

const skip = process.env.SKYSLOPE_BROWSER_SKIP;

/** Where the README's pictures go, when asked (SKYSLOPE_SCREENSHOTS); relative to the repository. */
const pictures = process.env.SKYSLOPE_SCREENSHOTS ? join(__dirname, '..', '..', process.env.SKYSLOPE_SCREENSHOTS) : undefined;

/** The README's pictures: the screen they show, and the file name they keep. */
const PICTURES: Record<string, string> = {
	'SkySlope › Listings & Sales › Listing': 'skyslope-node.png',
	'SkySlope › Listings & Sales › Listing › Create': 'listing-create-form.png',
	'SkySlope Signing Trigger (as added)': 'signing-trigger.png',
	'SkySlope › Offers › Offer › Get Many': 'offers-get-many.png',
	'SkySlope Trigger (On new sale)': 'skyslope-trigger.png',
	'SkySlope › Forms': 'credential-forms.png',
	'SkySlope › Listings & Sales': 'credential-listings-sales.png',
	'SkySlope › Offers': 'credential-offers.png',
};

/** Copies a screenshot into the pictures folder when it is one of the README's. */
function keepPicture(screen: string, file: string): void {
	const name = PICTURES[screen];
	if (!pictures || !name) return;
	mkdirSync(pictures, { recursive: true });
	copyFileSync(file, join(pictures, name));
}

/** A credential type's field as the details view shows it, and the sandbox credential of that type. */
interface CredentialField {
	label: string;
	sandbox: string;
}
const CREDENTIAL_NAMES: Record<string, string> = {
	skySlopeFormsOAuth2Api: 'SkySlope Forms OAuth2 API',
	skySlopeApi: 'SkySlope Listings & Sales API',
	skySlopeOffersOAuth2Api: 'SkySlope Offers OAuth2 API',
};
const fieldOf = (type: string): CredentialField => ({
	label: `Credential for ${CREDENTIAL_NAMES[type]}`,
	sandbox: Object.values(SANDBOX_CREDENTIALS).find((c) => c.type === type)!.name,
});

/** The one credential field each service of the SkySlope node shows, by the service's name. */
const CREDENTIAL_OF_SERVICE = new Map(services.map((s) => [s.name, fieldOf(s.service.credentialType)] as const));

/** The one credential field an event of the SkySlope Trigger shows, by the event's name. */
const EVENTS = [...LISTINGS_SALES_EVENTS, ...OFFERS_EVENTS];
const CREDENTIAL_OF_EVENT = new Map([
	...LISTINGS_SALES_EVENTS.map((e) => [e.name, fieldOf('skySlopeApi')] as const),
	...OFFERS_EVENTS.map((e) => [e.name, fieldOf('skySlopeOffersOAuth2Api')] as const),
]);

/**
 * What is wrong with the credential fields shown for a choice: exactly one, for the chosen service's
 * credential type, holding a credential. n8n fills it in when the node is added. A field that a later
 * choice brings in (another service) starts empty while the node holds the other service's
 * credential: n8n's NodeCredentials fills in only a node that holds none (docs/VERIFICATION.md). The
 * user then picks it once, as here, and `filled` says which it was.
 */
async function checkCredential(
	editor: Editor,
	screen: string,
	expected: CredentialField | undefined,
	filled?: { yes: string[]; picked: string[] },
): Promise<Finding[]> {
	const shown = await editor.credentialsShown(true);
	const want = expected?.label ?? '(a choice of no service)';
	// One field, for the chosen service's type: its label names that type, or is plain "Credential".
	if (!expected || shown.length !== 1 || ![want, 'Credential'].includes(shown[0].label)) {
		return [{ screen, kind: 'error shown', detail: `credential fields shown: ${shown.map((f) => f.label).join(', ') || 'none'}; expected only "${want}"` }];
	}
	if (shown[0].value === '') await editor.chooseCredential(expected!.sandbox);
	(shown[0].value === '' ? filled?.picked : filled?.yes)?.push(screen);
	const value = (await editor.credentialsShown())[0].value;
	return value === expected!.sandbox ? [] : [{ screen, kind: 'error shown', detail: `the credential field holds "${value}", not "${expected!.sandbox}"` }];
}

/** Options n8n adds to every node with a credential; not the package's to name. */
const N8N_OPTIONS = new Set(['Custom API Call']);

const CREDENTIALS = [
	{ name: 'SkySlope Forms (sandbox)', scopes: true },
	{ name: 'SkySlope API (sandbox)', scopes: false },
	{ name: 'SkySlope Offers (sandbox)', scopes: false },
];

(skip ? describe.skip : describe)(`the SkySlope nodes in the n8n editor${skip ? ` (skipped: ${skip})` : ''}`, () => {
	let editor: Editor;
	let shots: string;
	const timings: string[] = [];

	beforeAll(async () => {
		shots = mkdtempSync(join(tmpdir(), 'skyslope-editor-'));
		mkdirSync(shots, { recursive: true });
		editor = await Editor.open(state().n8nUrl);
		await editor.signIn();
		await editor.newWorkflow();
	});

	afterAll(async () => {
		await editor?.close();
		say(`[browser] screenshots in ${shots}\n[browser] ${timings.join('; ')}`);
	});

	/** The screen's findings, with a screenshot when there are any; keeps the README's pictures. */
	async function look(screen: string, optionNames?: string[]): Promise<Finding[]> {
		const found = await editor.inspect(screen, { optionNames });
		const file = join(shots, `${found.length ? 'finding-' : ''}${screen.replace(/[^A-Za-z]+/g, '-')}.png`);
		if (found.length || (pictures && PICTURES[screen])) {
			await editor.screenshot(file);
			keepPicture(screen, file);
		}
		return found;
	}

	/** A step that cannot be walked is a finding too; the walk goes on with the next one. */
	async function attempt(findings: Finding[], screen: string, step: () => Promise<void>): Promise<void> {
		try {
			await step();
		} catch (error) {
			findings.push({ screen, kind: 'error shown', detail: `the test could not walk it: ${(error as Error).message.split('\n')[0]}` });
			await editor.screenshot(join(shots, `failed-${screen.replace(/[^A-Za-z]+/g, '-')}.png`));
			await editor.page.keyboard.press('Escape');
		}
	}

	/** Credentials the tests create from a node (n8n then fills new nodes with them: the newest). */
	const createdCredentials: string[] = [];

	// The nodes panel names a trigger's event entries "On <event>" (the editor's
	// formatTriggerActionName lower-cases the option's name).
	const entryOf = (event: string) => `On ${event.toLowerCase()}`;

	// First, on an empty canvas (which offers triggers only): each event entry of the SkySlope Trigger.
	it.each(EVENTS.map((e) => [entryOf(e.name), e.name] as const))(
		'SkySlope Trigger: the nodes panel entry "%s" lands on %s, with its service\'s saved credential',
		async (entry, event) => {
			await editor.newWorkflow();
			await editor.addFromPanel('SkySlope', entry);
			const screen = `SkySlope Trigger (${entry})`;
			const findings = await look(screen);
			// A missing Trigger On is a failure: the user could not see or change the event.
			expect({ screen, event: await editor.valueOf('event') }).toEqual({ screen, event });
			const credential = CREDENTIAL_OF_EVENT.get(event)!;
			// The field names its type, as n8n labels a credential shown by a condition that is no
			// auth field (isRequiredCredential in the editor's nodeTypesUtils).
			expect({ screen, credentials: await editor.credentialsShown(true) }).toEqual({ screen, credentials: [{ label: credential.label, value: credential.sandbox }] });
			expect(findings.map(formatFinding)).toEqual([]);
			await editor.closeNdv();
		},
	);

	it('SkySlope Trigger: Trigger On offers every event, each with its service\'s credential; the event survives creating a credential, picking another and saving', async () => {
		const filled = { yes: [] as string[], picked: [] as string[] };
		const findings: Finding[] = [];
		await editor.newWorkflow();
		await editor.addFromPanel('SkySlope', entryOf('New Sale'));
		const names = await editor.optionsOf('event');
		expect([...names].sort()).toEqual(EVENTS.map((e) => e.name).sort());
		for (const event of names) {
			await attempt(findings, `SkySlope Trigger › ${event}`, async () => {
				await editor.pick('event', event);
				findings.push(...(await look(`SkySlope Trigger › ${event}`, names)));
				findings.push(...(await checkCredential(editor, `SkySlope Trigger › ${event}`, CREDENTIAL_OF_EVENT.get(event), filled)));
				if ((await editor.valueOf('event')) !== event) findings.push({ screen: `SkySlope Trigger › ${event}`, kind: 'error shown', detail: `Trigger On reads "${await editor.valueOf('event')}"` });
			});
		}
		expect(findings.map(formatFinding)).toEqual([]);
		say(`[browser] credential on switching events: filled by n8n ${filled.yes.length}, picked by the user ${filled.picked.length} (${filled.picked.join('; ')})`);

		// Creating a credential from the node keeps the event (the old shape reset it to New Offer).
		await editor.pick('event', 'New or Updated Offer');
		await checkCredential(editor, 'SkySlope Trigger › New or Updated Offer', CREDENTIAL_OF_EVENT.get('New or Updated Offer'));
		await editor.createCredential({ clientId: 'browser-test-client', clientSecret: 'browser-test-secret' });
		expect(await editor.valueOf('event')).toBe('New or Updated Offer');
		// The editor puts the new credential on the node once the dialog's save is through: under
		// load, a moment after the dialog closes (read at once, it still showed the sandbox's in a
		// full run on 2 cores).
		let created = '';
		for (let tries = 0; tries < 30; tries++) {
			created = (await editor.credentialsShown())[0]?.value ?? '';
			if (created !== SANDBOX_CREDENTIALS.offers.name) break;
			await new Promise((resolve) => setTimeout(resolve, 1_000));
		}
		expect(created).not.toBe(SANDBOX_CREDENTIALS.offers.name);
		expect(created).toMatch(/SkySlope Offers/);
		createdCredentials.push(created);
		// Picking another credential keeps it too.
		await editor.chooseCredential(SANDBOX_CREDENTIALS.offers.name);
		expect(await editor.valueOf('event')).toBe('New or Updated Offer');
		expect((await editor.credentialsShown())[0]?.value).toBe(SANDBOX_CREDENTIALS.offers.name);
		// Saved and opened again: the same event and credential.
		await editor.closeNdv();
		await editor.saveWorkflow();
		await editor.reopenNode('SkySlope Trigger');
		expect(await editor.valueOf('event')).toBe('New or Updated Offer');
		expect((await editor.credentialsShown())[0]?.value).toBe(SANDBOX_CREDENTIALS.offers.name);
		await editor.closeNdv();
	});

	it('SkySlope Signing Trigger: reads clean as added, with the Forms credential', async () => {
		await editor.newWorkflow();
		await editor.addNode('SkySlope Signing Trigger', { trigger: true });
		const screen = 'SkySlope Signing Trigger (as added)';
		const findings = await look(screen);
		expect((await editor.credentialsShown(true)).map((c) => c.value)).toEqual([SANDBOX_CREDENTIALS.forms.name]);
		expect(findings.map(formatFinding)).toEqual([]);
		// A reviewer who listens for a test event is told, in the panel, how to make one arrive, and
		// still sees it while listening (n8n's own listening hint is fixed for a webhook trigger).
		const ndv = editor.page.locator('[data-test-id=ndv]');
		const howTo = /To make a test event arrive: click Execute step/;
		expect(await ndv.innerText()).toMatch(/Pull in signings from SkySlope Forms/);
		expect(await ndv.innerText()).toMatch(howTo);
		await editor.page.locator('[data-test-id=ndv] [data-test-id=trigger-execute-button]').first().click();
		await editor.page.locator('[data-test-id=ndv] [data-test-id=trigger-listening]').waitFor();
		expect(await ndv.innerText()).toMatch(howTo);
		expect(await ndv.innerText()).toMatch(/Also send to/);
		await ndv.getByRole('button', { name: /Stop Listening/i }).first().click();
		await editor.closeNdv();
	});

	// One action entry per resource (its first operation's), on a canvas that holds a trigger.
	const ENTRIES = services.flatMap((s) =>
		s.resources.map((r) => {
			const op = r.operations[0];
			return [op.action, s.name, r.name, op.name] as const;
		}),
	);
	it.each(ENTRIES)('SkySlope: the nodes panel entry "%s" lands on %s › %s › %s, with its credential', async (entry, service, resource, operation) => {
		await editor.addFromPanel('SkySlope', entry);
		const screen = `SkySlope (${entry})`;
		expect({ screen, service: await editor.valueOf('service'), resource: await editor.valueOf('resource'), operation: await editor.valueOf('operation') }).toEqual({
			screen,
			service,
			resource,
			operation,
		});
		const credential = CREDENTIAL_OF_SERVICE.get(service)!;
		// One field, its label naming the service's credential type (or plain "Credential"), holding a
		// credential of that type: n8n fills in the newest, which may be the one the trigger's test created.
		const shown = await editor.credentialsShown(true);
		const ofType = [credential.sandbox, ...createdCredentials.filter((name) => service === 'Offers' && /SkySlope Offers/.test(name))];
		expect({ screen, credentials: shown.map((c) => ({ label: c.label === 'Credential' ? credential.label : c.label, ofType: ofType.includes(c.value) })) }).toEqual({
			screen,
			credentials: [{ label: credential.label, ofType: true }],
		});
		await editor.closeNdv();
	});

	it('SkySlope: every service, resource and operation picked in the panel reads clean before input, with its own credential', async () => {
		const started = Date.now();
		const filled = { yes: [] as string[], picked: [] as string[] };
		const findings: Finding[] = [];
		let screens = 0;
		await editor.addFromPanel('SkySlope', services[0].resources[0].operations[0].action);
		const serviceNames = await editor.optionsOf('service');
		expect(serviceNames).toEqual(services.map((s) => s.name).sort((a, b) => a.localeCompare(b)));
		for (const service of serviceNames) {
			const atService = `SkySlope › ${service}`;
			let resources: string[] = [];
			await attempt(findings, atService, async () => {
				await editor.pick('service', service);
				findings.push(...(await checkCredential(editor, atService, CREDENTIAL_OF_SERVICE.get(service), filled)));
				findings.push(...(await look(atService, serviceNames)));
				resources = (await editor.optionsOf('resource')).filter((r) => !N8N_OPTIONS.has(r));
			});
			const expected = services.find((s) => s.name === service)!.resources.map((r) => r.name).sort((a, b) => a.localeCompare(b));
			if (JSON.stringify(resources) !== JSON.stringify(expected)) findings.push({ screen: atService, kind: 'error shown', detail: `resources ${resources.join(', ')}; expected ${expected.join(', ')}` });
			for (const resource of resources) {
				const where = `${atService} › ${resource}`;
				let operations: string[] = [];
				await attempt(findings, where, async () => {
					await editor.pick('resource', resource);
					// Within a service the credential stays, filled.
					findings.push(...(await checkCredential(editor, where, CREDENTIAL_OF_SERVICE.get(service))));
					operations = (await editor.optionsOf('operation')).filter((o) => !N8N_OPTIONS.has(o));
					if (pictures && PICTURES[where]) await look(where);
				});
				if (operations.length === 0) findings.push({ screen: where, kind: 'error shown', detail: 'no Operation field' });
				for (const operation of operations) {
					const screen = `${where} › ${operation}`;
					await attempt(findings, screen, async () => {
						await editor.pick('operation', operation);
						screens++;
						findings.push(...(await look(screen, [...resources, ...operations])));
					});
				}
			}
		}
		await editor.closeNdv();
		timings.push(`SkySlope: ${screens} screens in ${((Date.now() - started) / 1000).toFixed(0)} s`);
		say(`[browser] credential on switching services: filled by n8n ${filled.yes.length}, picked by the user ${filled.picked.length} (${filled.picked.join('; ')})`);
		expect(findings.map(formatFinding)).toEqual([]);
	});

	it('one SkySlope node in the nodes panel, beside its webhook trigger', async () => {
		const names = await editor.panelNodes('SkySlope');
		expect(names.filter((n) => n === 'SkySlope')).toEqual(['SkySlope']);
		expect(names.filter((n) => n !== 'SkySlope' && n !== 'SkySlope Signing Trigger')).toEqual([]);
	});

	it.each([
		['envelope', 'Get many envelopes'],
		['listing', 'Get many listings'],
		['offer', 'Get many offers'],
	])('a search for "%s" finds the SkySlope node, whose page holds the actions of all three services', async (search, action) => {
		expect(await editor.panelNodes(search)).toContain('SkySlope');
		const page = (await editor.panelPage(search, 'SkySlope')).split('\n');
		for (const each of ['Get many files', 'Get many listings', 'Get many offers', action]) expect({ each, found: page.includes(each) }).toEqual({ each, found: true });
	});

	it('the nodes on the canvas carry readable subtitles', async () => {
		const nodes = await editor.canvasNodes();
		// The Signing Trigger and the action nodes the entries above added.
		expect(nodes.length).toBeGreaterThan(ENTRIES.length);
		// The node's own name (n8n numbers a second SkySlope node "SkySlope1") is n8n's, not a subtitle.
		const raw = nodes.flatMap((n) => n.text.filter((t) => t !== n.name && rawTokens(t).length).map((t) => `${n.name}: "${t}"`));
		expect(raw).toEqual([]);
	});

	it('each credential opens unchanged, and the Forms credential shows its scopes', async () => {
		const findings: string[] = [];
		for (const credential of CREDENTIALS) {
			const result = await editor.openCredential(credential.name, {
				screenshot: pictures && credential.scopes ? join(pictures, 'forms-credential.png') : undefined,
			});
			if (credential.scopes && !result.scopes) findings.push(`${credential.name}: the Scopes field is empty`);
			if (result.askedToDiscard) findings.push(`${credential.name}: closing it without an edit asks "${result.askedToDiscard}"`);
			for (const raw of result.labels.flatMap((l) => rawTokens(l).map((t) => `${l} (${t})`))) {
				findings.push(`${credential.name}: raw name ${raw}`);
			}
		}
		expect(findings).toEqual([]);
	});
});
