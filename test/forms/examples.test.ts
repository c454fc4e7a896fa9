// The Forms example workflows: every SkySlope node (Forms) names a real operation and only parameters
// that operation has, and each chain runs against the sandbox (other nodes' outputs filled in).

import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';
import { request } from 'undici';

import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { SkySlopeSigningTrigger } from '../../nodes/SkySlope/SkySlopeSigningTrigger.node';
import type { SignedNotification } from '../../sandbox/forms';
import { jsonOf, startForms, type FormsEnv } from '../../harness/forms-env';
import { examplesNamed } from '../../harness/node/examples';

const examples = examplesNamed(/^forms-.*\.json$/);

function nodeOf(file: string, name: string): INodeParameters {
	const node = examples.find((e) => e.file === file)!.workflow.nodes.find((n) => n.name === name);
	if (!node) throw new Error(`${file} has no node "${name}"`);
	return structuredClone(node.parameters) as INodeParameters;
}

function visibleNames(properties: INodeProperties[], params: IDataObject): Set<string> {
	return new Set(
		properties
			.filter((p) => {
				const show = p.displayOptions?.show ?? {};
				return Object.entries(show).every(([key, values]) => (values as unknown[]).includes(params[key]));
			})
			.map((p) => p.name),
	);
}

describe('Forms example workflows', () => {
	it('there are the signed-PDF, list and new-file examples, with the sandbox credential', () => {
		expect(examples.map((e) => e.file).sort()).toEqual([
			'forms-list-files.json',
			'forms-new-buyer-file.json',
			'forms-signed-pdf-to-file.json',
		]);
		for (const { workflow } of examples) {
			for (const node of workflow.nodes.filter((n) => String(n.type).startsWith('n8n-nodes-skyslope.'))) {
				expect(node.credentials).toEqual({
					skySlopeFormsOAuth2Api: { id: 'skyslope-forms-sandbox', name: 'SkySlope Forms (sandbox)' },
				});
			}
		}
	});

	it('every Forms node names a real operation and only its parameters', () => {
		for (const { file, workflow } of examples) {
			for (const node of workflow.nodes) {
				const params = node.parameters as IDataObject;
				let properties: INodeProperties[];
				if (node.type === 'n8n-nodes-skyslope.skySlope') properties = new SkySlope().description.properties;
				else if (node.type === 'n8n-nodes-skyslope.skySlopeSigningTrigger') properties = new SkySlopeSigningTrigger().description.properties;
				else continue;
				const names = visibleNames(properties, params);
				for (const key of Object.keys(params)) expect(`${file}: ${key} ${names.has(key) ? 'ok' : 'unknown'}`).toBe(`${file}: ${key} ok`);
			}
		}
	});

	describe('runs', () => {
		let env: FormsEnv;
		beforeAll(async () => {
			env = await startForms();
		});
		afterAll(async () => await env.close());

		it('list files: buyer files, then the documents of each', async () => {
			const files = await env.run(nodeOf('forms-list-files.json', 'Buyer files'));
			expect(files.error).toBeUndefined();
			expect(jsonOf(files).length).toBeGreaterThan(1);
			expect(jsonOf(files).every((f) => f.representationType === 'Buyer' && f.isArchived === false)).toBe(true);
			const docs = await env.run(nodeOf('forms-list-files.json', 'Documents of each file'), { input: files.output[0].slice(0, 2) });
			expect(docs.error).toBeUndefined();
			expect(docs.output[0].length).toBeGreaterThan(0);
		});

		it('new buyer file: create with MLS import, add the buyers in one request, apply the template', async () => {
			const created = await env.run(nodeOf('forms-new-buyer-file.json', 'Create file'));
			expect(created.error).toBeUndefined();
			const [file] = jsonOf(created);
			expect(file.mlsImport).toEqual({ status: 'imported', importedCount: 3 });
			const buyers = [
				{ fileId: file.fileId, type: 'Buyer', firstName: 'Jordan', lastName: 'Sample', actionAttribute: 'NeedsToSign' },
				{ fileId: file.fileId, type: 'Buyer', firstName: 'Casey', lastName: 'Sample', actionAttribute: 'NeedsToSign' },
			];
			const added = await env.run(nodeOf('forms-new-buyer-file.json', 'Add buyers'), { input: buyers.map((json) => ({ json })) });
			expect(added.error).toBeUndefined();
			expect(jsonOf(added).map((c) => c.added)).toEqual([true, true]);
			const applied = await env.run(nodeOf('forms-new-buyer-file.json', 'Apply buyer template'), { input: added.output[0].slice(0, 1) });
			expect(applied.error).toBeUndefined();
			expect(env.state.store.liveDocuments(Number(file.fileId)).length).toBeGreaterThan(0);
		});

		it('signed PDF: the trigger item becomes a combined PDF filed back into the transaction', async () => {
			const res = await request(`${env.sandbox.baseUrl}/forms/sandbox/files/1001/sign`, { method: 'POST' });
			const { notification } = (await res.body.json()) as { notification: SignedNotification };
			const pdf = await env.run(nodeOf('forms-signed-pdf-to-file.json', 'Combined signed PDF'), {
				input: [{ json: { ...notification } }],
			});
			expect(pdf.error).toBeUndefined();
			expect(pdf.output[0][0].binary?.data.fileName).toBe(`${notification.envelopeName} (signed).pdf`);
			const upload = nodeOf('forms-signed-pdf-to-file.json', 'File it in the transaction');
			upload.documentName = `Signed: ${notification.envelopeName}`; // the expression reads the trigger node, absent here
			const filed = await env.run(upload, { input: pdf.output[0] });
			expect(filed.error).toBeUndefined();
			const doc = env.state.store.documents.get(Number(jsonOf(filed)[0].documentId))!;
			expect(doc).toMatchObject({ fileId: 1001, isSigned: true, formName: `Signed: ${notification.envelopeName}` });
		});
	});
});
