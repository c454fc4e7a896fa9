/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// A new user's first look at each node, in the real n8n editor: add the node from the nodes panel,
// pick every resource and operation in its own dropdowns, and see no error, no red marker, no
// failed list, no raw name and no field wrongly marked required before typing anything; each
// resource (or event) shows its own service's credential and no other. The panel shows one SkySlope
// node, and a search of its actions finds all three services'. Each credential opens unchanged. A screenshot per node goes into a temporary folder (printed); with
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
import { Editor, type Finding, formatFinding } from './editor';
import { rawTokens } from './raw-names';

const skip = process.env.SKYSLOPE_BROWSER_SKIP;

/** Where the README's pictures go, when asked (SKYSLOPE_SCREENSHOTS); relative to the repository. */
const pictures = process.env.SKYSLOPE_SCREENSHOTS ? join(__dirname, '..', '..', process.env.SKYSLOPE_SCREENSHOTS) : undefined;

/** The README's pictures: the screen they show, and the file name they keep. */
const PICTURES: Record<string, string> = {
	'SkySlope › Listing': 'skyslope-node.png',
	'SkySlope › Listing › Create': 'listing-create-form.png',
	'SkySlope Signing Trigger (as added)': 'signing-trigger.png',
	'SkySlope › Offer › Get Many': 'offers-get-many.png',
};

/** Copies a screenshot into the pictures folder when it is one of the README's. */
function keepPicture(screen: string, file: string): void {
	const name = PICTURES[screen];
	if (!pictures || !name) return;
	mkdirSync(pictures, { recursive: true });
	copyFileSync(file, join(pictures, name));
}

interface NodeUnderTest {
	/** The name the nodes panel shows. */
	displayName: string;
	trigger: boolean;
}

// The first node must be a trigger: an empty canvas offers triggers only. The Signing Trigger comes
// before the action node: after an action, the panel's search offers triggers only on a node's page.
const NODES: NodeUnderTest[] = [
	{ displayName: 'SkySlope', trigger: true },
	{ displayName: 'SkySlope Signing Trigger', trigger: true },
	{ displayName: 'SkySlope', trigger: false },
];

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

/** The one credential field a resource of the SkySlope node shows, by the resource's name. */
const CREDENTIAL_OF_RESOURCE = new Map(services.flatMap(({ service, resources }) => resources.map((r) => [r.name, fieldOf(service.credentialType)] as const)));

/** The one credential field an event of the SkySlope Trigger shows, by the event's name. */
const CREDENTIAL_OF_EVENT = new Map([
	...LISTINGS_SALES_EVENTS.map((e) => [e.name, fieldOf('skySlopeApi')] as const),
	...OFFERS_EVENTS.map((e) => [e.name, fieldOf('skySlopeOffersOAuth2Api')] as const),
]);

/**
 * What is wrong with the credential fields shown for a choice: exactly one, for the chosen service's
 * credential type. n8n fills it in when the node is added; a field that appears on a later choice
 * (another service's resource) starts empty, and the user picks the credential once, as here.
 */
async function checkCredential(editor: Editor, screen: string, expected: CredentialField | undefined): Promise<Finding[]> {
	const shown = await editor.credentialsShown();
	const want = expected?.label ?? '(a choice of no service)';
	// One field, for the chosen service's type: its label names that type, or is plain "Credential".
	if (!expected || shown.length !== 1 || ![want, 'Credential'].includes(shown[0].label)) {
		return [{ screen, kind: 'error shown', detail: `credential fields shown: ${shown.map((f) => f.label).join(', ') || 'none'}; expected only "${want}"` }];
	}
	if (shown[0].value === '') await editor.chooseCredential(expected!.sandbox);
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

	it.each(NODES)('$displayName (trigger: $trigger): every screen reads clean before input', async ({ displayName, trigger }) => {
		const started = Date.now();
		const title = trigger && !displayName.endsWith(" Trigger") ? `${displayName} Trigger` : displayName;
		await editor.addNode(displayName, { trigger });
		const findings: Finding[] = [];
		let screens = 1;
		findings.push(...(await editor.inspect(`${title} (as added)`)));
		const first = join(shots, `${title.replace(/[^A-Za-z]+/g, '-')}.png`);
		await editor.screenshot(first);
		keepPicture(`${title} (as added)`, first);

		if (trigger) {
			// As added (from one of its events in the panel, which then hides the choice): one credential
			// field, holding a sandbox credential.
			const asAdded = await editor.credentialsShown(true);
			if (asAdded.length !== 1 || !Object.values(SANDBOX_CREDENTIALS).some((c) => c.name === asAdded[0].value)) {
				findings.push({ screen: `${title} (as added)`, kind: 'error shown', detail: `credential fields: ${JSON.stringify(asAdded)}` });
			}
			// The trigger's own choice of event, where it shows one.
			for (const param of ['event', 'triggerOn']) {
				if (!(await editor.hasParameter(param))) continue;
				const events = await editor.optionsOf(param);
				for (const event of events) {
					await editor.pick(param, event);
					screens++;
					findings.push(...(await editor.inspect(`${title} › ${event}`, { optionNames: events })));
					findings.push(...(await checkCredential(editor, `${title} › ${event}`, CREDENTIAL_OF_EVENT.get(event))));
				}
			}
		} else {
			const resources = (await editor.hasParameter('resource')) ? (await editor.optionsOf('resource')).filter((r) => !N8N_OPTIONS.has(r)) : [''];
			for (const resource of resources) {
				const where = `${title}${resource ? ` › ${resource}` : ''}`;
				// A screen that cannot be walked is a finding too; the walk goes on with the next one.
				const attempt = async (screen: string, step: () => Promise<void>) => {
					try {
						await step();
					} catch (error) {
						findings.push({ screen, kind: 'error shown', detail: `the test could not walk it: ${(error as Error).message.split('\n')[0]}` });
						await editor.screenshot(join(shots, `failed-${screen.replace(/[^A-Za-z]+/g, '-')}.png`));
						await editor.page.keyboard.press('Escape');
					}
				};
				let operations: string[] = [];
				await attempt(where, async () => {
					if (resource) await editor.pick('resource', resource);
					// Choosing a resource shows its service's credential, and only that one.
					findings.push(...(await checkCredential(editor, where, CREDENTIAL_OF_RESOURCE.get(resource))));
					operations = (await editor.hasParameter('operation'))
						? (await editor.optionsOf('operation')).filter((o) => !N8N_OPTIONS.has(o))
						: [''];
					if (pictures && PICTURES[where]) {
						const file = join(shots, `${where.replace(/[^A-Za-z]+/g, '-')}.png`);
						await editor.screenshot(file);
						keepPicture(where, file);
					}
				});
				const optionNames = [...(resource ? resources : []), ...operations].filter((o) => o && !N8N_OPTIONS.has(o));
				for (const operation of operations) {
					const screen = `${where}${operation ? ` › ${operation}` : ''}`;
					await attempt(screen, async () => {
						if (operation) await editor.pick('operation', operation);
						screens++;
						const found = await editor.inspect(screen, { optionNames });
						if (found.length) await editor.screenshot(join(shots, `finding-${screen.replace(/[^A-Za-z]+/g, '-')}.png`));
						if (pictures && PICTURES[screen]) {
							const file = join(shots, `${screen.replace(/[^A-Za-z]+/g, '-')}.png`);
							await editor.screenshot(file);
							keepPicture(screen, file);
						}
						findings.push(...found);
					});
				}
			}
		}
		await editor.closeNdv();
		timings.push(`${title}: ${screens} screens in ${((Date.now() - started) / 1000).toFixed(0)} s`);
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
		expect(nodes.length).toBe(NODES.length);
		const raw = nodes.flatMap((n) => n.text.filter((t) => rawTokens(t).length).map((t) => `${n.name}: "${t}"`));
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
