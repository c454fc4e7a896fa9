// Output of records: Simplify on the plain node; Output (Simplified, Raw, Selected Fields) on the
// tool variant, the record's ID always among the selected fields.
import type { IDataObject, INode } from 'n8n-workflow';

import { outputShaper, recordOutputFields } from '../../nodes/SkySlope/shared';

/** The name Selected Fields shows for a field. */
const fieldTitle = (key: string): string => {
	const fields = recordOutputFields({ what: 'listing', id: 'id', fields: ['id', key] }).find((p) => p.type === 'multiOptions');
	return String((fields?.options as Array<{ name: string; value: string }> | undefined)?.find((o) => o.value === key)?.name);
};

const record: IDataObject = { listingGuid: 'g-1', status: 'Active', listingPrice: 500000, property: { city: 'Davis' }, mlsNumber: 'M1' };
const simplify = (r: IDataObject): IDataObject => ({ listingGuid: r.listingGuid, compact: true });
const node = (type: string): INode => ({ id: '1', name: 'n', type, typeVersion: 1, position: [0, 0], parameters: {} });
const FIELDS = ['listingGuid', 'status', 'listingPrice', 'property', 'mlsNumber', 'notThere'];
const shaper = (type: string, parameters: Record<string, unknown>) =>
	outputShaper(
		{ ctx: { getNode: () => node(type) }, itemIndex: 0, get: (name, fallback) => (name in parameters ? parameters[name] : fallback) },
		{ what: 'listing', id: 'listingGuid', fields: FIELDS, simplify },
	);

describe('record output', () => {
	it('the plain node keeps Simplify: on by default, off gives the record as sent', () => {
		expect(shaper('n8n-nodes-skyslope.skySlope', {})(record)).toEqual({ listingGuid: 'g-1', compact: true });
		expect(shaper('n8n-nodes-skyslope.skySlope', { simplify: false })(record)).toBe(record);
		// Output belongs to the tool: a plain node ignores it.
		expect(shaper('n8n-nodes-skyslope.skySlope', { output: 'raw' })(record)).toEqual({ listingGuid: 'g-1', compact: true });
	});

	it('the tool: Simplified by default, Raw, or Selected Fields with the ID', () => {
		const tool = 'n8n-nodes-skyslope.skySlopeTool';
		expect(shaper(tool, {})(record)).toEqual({ listingGuid: 'g-1', compact: true });
		expect(shaper(tool, { output: 'raw' })(record)).toBe(record);
		expect(shaper(tool, { output: 'selected', fields: ['status', 'listingPrice', 'notThere'] })(record)).toEqual({ listingGuid: 'g-1', status: 'Active', listingPrice: 500000 });
		expect(shaper(tool, { output: 'selected', fields: [] })(record)).toEqual({ listingGuid: 'g-1' });
		// A tool saved before Output existed, with Simplify off, keeps the whole record.
		expect(shaper(tool, { simplify: false })(record)).toBe(record);
	});

	it('refuses an Output or a field it does not know, naming the parameter, whichever variant', () => {
		expect(() => shaper('n8n-nodes-skyslope.skySlope', { output: 'everything' })).toThrow(/Output/);
		expect(() => shaper('n8n-nodes-skyslope.skySlopeTool', { output: 'selected', fields: ['password'] })).toThrow(/Fields/);
	});

	it('names each field in title case (ID, GUID, MLS as such; Co-Agent as the operations say it), its key as the value', () => {
		expect(['coListingAgentGuid', 'officeId', 'mlsNumber', 'coAgentGuids', 'status'].map(fieldTitle)).toEqual([
			'Co-Listing Agent GUID',
			'Office ID',
			'MLS Number',
			'Co-Agent GUIDs',
			'Status',
		]);
	});

	it('Simplify shows on the plain node only; Output and Fields on the tool only; Fields never offers the ID', () => {
		const [simplifyField, output, fields] = recordOutputFields({ what: 'listing', id: 'listingGuid', fields: ['status', 'listingGuid', 'agentGuid'] });
		expect(simplifyField.displayOptions).toEqual({ hide: { '@tool': [true] } });
		expect(output).toMatchObject({ name: 'output', default: 'simplified', displayOptions: { show: { '@tool': [true] } } });
		expect((output.options as Array<{ value: string }>).map((o) => o.value)).toEqual(['raw', 'selected', 'simplified']);
		expect(fields).toMatchObject({ name: 'fields', type: 'multiOptions', displayOptions: { show: { '@tool': [true], output: ['selected'] } } });
		expect(fields.options).toEqual([
			{ name: 'Agent GUID', value: 'agentGuid' },
			{ name: 'Status', value: 'status' },
		]);
	});
});
