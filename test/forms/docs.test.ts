/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { resources } from '../../nodes/SkySlope/forms/actions';
import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';

describe('SkySlope node (Forms) description and docs', () => {
	const doc = readFileSync(path.join(__dirname, '../../docs/forms.md'), 'utf8');

	it('docs/forms.md lists every operation of every resource with its method and path', () => {
		for (const resource of resources) {
			for (const op of resource.operations) {
				const row = new RegExp(`^\\| ${resource.name} \\| ${op.name} \\(\`${op.value}\`\\) \\| \`(GET|POST|PUT|PATCH|DELETE) /`, 'm');
				expect(`${resource.name} > ${op.name}: ${row.test(doc) ? 'listed' : 'missing'}`).toBe(`${resource.name} > ${op.name}: listed`);
			}
		}
	});

	it('has the operations the issue asks for, with unique values per resource', () => {
		const byResource = Object.fromEntries(resources.map((r) => [r.value, r.operations.map((o) => o.value)]));
		expect(byResource).toEqual({
			file: ['getAll', 'get', 'create', 'updateDetails', 'replace', 'importMls', 'applyTemplate', 'subscribe'],
			fileContact: ['add', 'addMany', 'update', 'delete'],
			document: ['getAll', 'get', 'addFromForms', 'updateFields', 'upload', 'download', 'downloadCombined', 'delete'],
			signedDocument: ['getAllForFile', 'getAllForEnvelope'],
			envelope: ['getAll', 'create'],
			template: ['getAll'],
			form: ['getAll'],
			library: ['getAll', 'getFormVersions'],
			tag: ['getAll'],
			buyerAgreement: ['getAll'],
			collaborator: ['getAll'],
			user: ['getProfile'],
			group: ['create', 'createChild', 'addUser', 'removeUser'],
		});
	});

	it('is usable as a tool, and every write operation offers On Behalf Of', () => {
		const description = new SkySlope().description;
		expect(description.usableAsTool).toBe(true);
		expect(description.name).toBe('skySlope');
		const withOnBehalfOf = description.properties
			.filter((p) => p.name === 'onBehalfOf')
			.flatMap((p) => (p.displayOptions?.show?.operation as string[]).map((op) => `${String(p.displayOptions?.show?.resource)}.${op}`))
			.sort();
		expect(withOnBehalfOf).toEqual(
			[
				'fileContact.add',
				'fileContact.addMany',
				'fileContact.update',
				'document.addFromForms',
				'document.upload',
				'envelope.create',
				'file.applyTemplate',
				'file.create',
				'file.importMls',
				'file.replace',
				'file.updateDetails',
			].sort(),
		);
	});
});
