// Form-driven fields: what the resource mapper offers for a service form, and the body rebuilt
// from what a user mapped.
import { buildFormBody, checkFormBody, formFieldsIn, toMapperFields, type FormField } from '../../nodes/SkySlope/listingsSales/helpers/forms';
import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { byId, startEnv, type Env } from '../../harness/listings-env';

const form: FormField[] = [
	{ fieldName: 'officeGuid', fieldType: 'Guid', isRequired: true },
	{ fieldName: 'listingPrice', fieldType: 'Nullable<decimal>', isRequired: true },
	{ fieldName: 'mlsId', fieldType: 'String', deprecated: true, deprecatedAsOf: '2023-06-01T00:00:00Z' },
	{ fieldName: 'sourceId', fieldType: 'Nullable<int>', allowableSelections: [{ id: 1, name: 'MLS' }, { id: 3, name: 'Referral' }] },
	{ fieldName: 'listingDate', fieldType: 'Nullable<DateTime>' },
	{ fieldName: 'isOfficeLead', fieldType: 'Boolean' },
	{ fieldName: 'coAgentGuids', fieldType: 'List<Guid>' },
	{ fieldName: 'customFields', fieldType: 'Dictionary<string,string>' },
	{
		fieldName: 'property',
		fieldType: 'Object',
		isRequired: true,
		subFields: [
			{ fieldName: 'streetName', fieldType: 'String', isRequired: true },
			{
				fieldName: 'propertyTypeId',
				fieldType: 'Nullable<int>',
				allowableSelections: [{ id: 1, name: 'Single Family' }],
				deprecatedAvailableSelections: true,
				deprecatedAvailableSelectionsAsOf: '2024-01-01T00:00:00Z',
			},
			{ fieldName: 'geo', fieldType: 'Object', subFields: [{ fieldName: 'lat', fieldType: 'Nullable<decimal>', isRequired: true }] },
		],
	},
	{ fieldName: 'address', fieldType: 'Object', subFields: [{ fieldName: 'city', fieldType: 'String', isRequired: true }] },
	{
		fieldName: 'commissionBreakdowns',
		fieldType: 'List<Object>',
		subFields: [{ fieldName: 'description', fieldType: 'String' }, { fieldName: 'amount', fieldType: 'Nullable<decimal>' }],
	},
];

describe('form fields for the resource mapper', () => {
	const fields = toMapperFields(form, { exclude: ['officeGuid'] });
	const byIdMap = new Map(fields.map((f) => [f.id, f]));

	it('flattens nested sub-fields to parent.child ids and leaves out what the pickers set', () => {
		expect(fields.map((f) => f.id)).toEqual([
			'listingPrice',
			'mlsId',
			'sourceId',
			'listingDate',
			'isOfficeLead',
			'coAgentGuids',
			'customFields',
			'property.streetName',
			'property.propertyTypeId',
			'property.geo.lat',
			'address.city',
			'commissionBreakdowns',
		]);
	});

	it('marks required fields, a sub-field only when its parent is required', () => {
		expect(byIdMap.get('listingPrice')?.required).toBe(true);
		expect(byIdMap.get('property.streetName')?.required).toBe(true);
		expect(byIdMap.get('property.geo.lat')?.required).toBe(false);
		expect(byIdMap.get('address.city')?.required).toBe(false);
		expect(toMapperFields(form, { partial: true }).some((f) => f.required)).toBe(false);
	});

	it('offers allowable selections as options and maps types', () => {
		expect(byIdMap.get('sourceId')).toMatchObject({ type: 'options', options: [{ name: 'MLS', value: 1 }, { name: 'Referral', value: 3 }] });
		expect(byIdMap.get('listingPrice')?.type).toBe('number');
		expect(byIdMap.get('listingDate')?.type).toBe('dateTime');
		expect(byIdMap.get('isOfficeLead')?.type).toBe('boolean');
		// Lists and dictionaries are text fields (an empty JSON editor shows as invalid JSON in n8n), their format in the label.
		expect(byIdMap.get('coAgentGuids')).toMatchObject({ type: 'string', displayName: 'Co-Agent GUIDs (comma-separated)' });
		expect(byIdMap.get('customFields')).toMatchObject({ type: 'string', displayName: 'Custom Fields (JSON object)' });
		expect(byIdMap.get('commissionBreakdowns')).toMatchObject({
			type: 'string',
			displayName: 'Commission Breakdowns (JSON list of {description, amount})',
		});
	});

	it('labels fields for people, keeps the path as the id, flags deprecated fields and adds them only on request', () => {
		expect(byIdMap.get('mlsId')).toMatchObject({ id: 'mlsId', displayName: 'MLS ID (Deprecated)', removed: true });
		expect(byIdMap.get('property.streetName')).toMatchObject({ id: 'property.streetName', displayName: 'Property: Street Name' });
		expect(byIdMap.get('property.geo.lat')?.displayName).toBe('Property: Geo: Lat');
		// Dates of form changes are notes for the service's staff, not part of a label.
		expect(byIdMap.get('property.propertyTypeId')?.displayName).toBe('Property: Property Type');
		expect(byIdMap.get('sourceId')?.displayName).toBe('Source');
		expect(fields.map((f) => f.displayName).join(' ')).not.toMatch(/\d{4}-\d{2}-\d{2}|\./);
	});
});

describe('the body built from a mapping', () => {
	// The schema of a workflow saved when lists and dictionaries were JSON fields: still parsed.
	const schema = toMapperFields(form).map((f) =>
		f.id === 'coAgentGuids' || f.id === 'commissionBreakdowns' ? { ...f, type: 'array' as const } : f.id === 'customFields' ? { ...f, type: 'object' as const } : f,
	);

	it('rebuilds nesting, leaves out empty values, writes dates as ISO and parses typed-in lists', () => {
		const body = buildFormBody(
			{
				listingPrice: 1000,
				mlsId: '',
				sourceId: null,
				// What n8n hands over for a dateTime field: a luxon DateTime (duck-typed here).
				listingDate: { toISO: () => '2026-03-04T05:06:07.000Z' },
				'property.streetName': 'Main St',
				'property.geo.lat': 38.5,
				'address.city': undefined,
				coAgentGuids: 'a, b',
				customFields: '{"x":"1"}',
				commissionBreakdowns: '[{"description":"Base","amount":5}]',
				isOfficeLead: false,
			},
			schema,
		);
		expect(body).toEqual({
			listingPrice: 1000,
			listingDate: '2026-03-04T05:06:07.000Z',
			property: { streetName: 'Main St', geo: { lat: 38.5 } },
			coAgentGuids: ['a', 'b'],
			customFields: { x: '1' },
			commissionBreakdowns: [{ description: 'Base', amount: 5 }],
			isOfficeLead: false,
		});
	});

	it('parses lists and dictionaries typed as text against the form, and refuses text that is neither', () => {
		const typed = buildFormBody(
			{ coAgentGuids: 'a, b', customFields: '{"x":"1"}', commissionBreakdowns: '[{"description":"Base","amount":5}]' },
			toMapperFields(form),
		);
		expect(typed).toEqual({ coAgentGuids: 'a, b', customFields: '{"x":"1"}', commissionBreakdowns: '[{"description":"Base","amount":5}]' });
		const complete = { officeGuid: 'o', listingPrice: 1, property: { streetName: 'Elm' } };
		expect(checkFormBody(form, { ...complete, ...typed })).toEqual({
			body: { ...complete, coAgentGuids: ['a', 'b'], customFields: { x: '1' }, commissionBreakdowns: [{ description: 'Base', amount: 5 }] },
			problems: [],
		});
		expect(checkFormBody(form, { ...complete, coAgentGuids: '[a', customFields: 'x=1' }).problems).toEqual([
			'coAgentGuids: "[a" is not a list (comma-separated values or a JSON list)',
			'customFields: "x=1" is not a JSON object',
		]);
	});

	it('maps input items automatically: nested objects kept, keys that are not form fields dropped', () => {
		const body = buildFormBody(
			{ listingPrice: 5, property: { streetName: 'Elm', color: 'red' }, id: 7, 'property.geo.lat': 1 },
			schema,
		);
		expect(body).toEqual({ listingPrice: 5, property: { streetName: 'Elm', geo: { lat: 1 } } });
	});
});

describe('a body checked against the form before it is sent', () => {
	const complete = { officeGuid: 'o', listingPrice: 1, property: { streetName: 'Elm' } };

	it('names every field the form requires that is missing: the leaves of a required object, as the mapper does', () => {
		expect(checkFormBody(form, {}).problems).toEqual([
			'officeGuid: is required by the form',
			'listingPrice: is required by the form',
			'property.streetName: is required by the form',
		]);
		expect(checkFormBody(form, complete).problems).toEqual([]);
	});

	it('requires the required sub-fields of an optional object only when the object is sent', () => {
		expect(checkFormBody(form, { ...complete, address: { state: 'TX' } }).problems).toEqual([
			'address.state: is not a field of the form (any more)',
			'address.city: is required by the form',
		]);
		expect(checkFormBody(form, { ...complete, property: { streetName: 'Elm', geo: {} } }).problems).toEqual([
			'property.geo.lat: is required by the form',
		]);
	});

	it('requires nothing in an update: an absent field keeps its value', () => {
		expect(checkFormBody(form, {}, { partial: true }).problems).toEqual([]);
		expect(checkFormBody(form, { property: {} }, { partial: true }).problems).toEqual([]);
	});

	it("refuses a value outside the form's choices, naming the field and the allowed values", () => {
		expect(checkFormBody(form, { ...complete, sourceId: 9 }).problems).toEqual([
			"sourceId: 9 is not one of the form's choices: 1 (MLS), 3 (Referral)",
		]);
		expect(checkFormBody(form, { ...complete, property: { streetName: 'Elm', propertyTypeId: 7 } }).problems).toEqual([
			"property.propertyTypeId: 7 is not one of the form's choices: 1 (Single Family)",
		]);
	});

	it("takes a choice's id typed as text, or its name (from an input item), as the id", () => {
		expect(checkFormBody(form, { ...complete, sourceId: ' referral ' }).body.sourceId).toBe(3);
		expect(checkFormBody(form, { ...complete, sourceId: '1' }).body.sourceId).toBe(1);
		expect(checkFormBody(form, { ...complete, sourceId: 'Zillow' }).problems).toEqual([
			"sourceId: \"Zillow\" is not one of the form's choices: 1 (MLS), 3 (Referral)",
		]);
	});

	it('refuses a field the form no longer has, except those the operation sets itself', () => {
		expect(checkFormBody(form, { ...complete, color: 'red' }).problems).toEqual(['color: is not a field of the form (any more)']);
		expect(checkFormBody(form, { ...complete, color: 'red' }, { own: ['color'] }).problems).toEqual([]);
	});

	it('requires the required sub-fields in every entry of a list', () => {
		const lists: FormField[] = [
			{
				fieldName: 'splits',
				fieldType: 'List<Object>',
				isRequired: true,
				subFields: [
					{ fieldName: 'agentGuid', fieldType: 'Guid', isRequired: true },
					{ fieldName: 'kind', fieldType: 'Nullable<int>', allowableSelections: [{ id: 1, name: 'Gross' }] },
				],
			},
		];
		expect(checkFormBody(lists, { splits: [{ agentGuid: 'a', kind: 'gross' }, { kind: 2 }] }, { partial: true })).toEqual({
			body: { splits: [{ agentGuid: 'a', kind: 1 }, { kind: 2 }] },
			problems: ["splits[1].agentGuid: is required by the form", "splits[1].kind: 2 is not one of the form's choices: 1 (Gross)"],
		});
	});

	it('reads a form answer as a list of fields, and nothing else as a form', () => {
		expect(formFieldsIn({ fields: form })).toBe(form);
		expect(formFieldsIn(form)).toBe(form);
		expect(formFieldsIn({ fields: [] })).toEqual([]);
		expect(formFieldsIn({ listing: {} })).toBeUndefined();
		expect(formFieldsIn([{ name: 'x' }])).toBeUndefined();
		expect(formFieldsIn(undefined)).toBeUndefined();
	});
});

describe('the resource mapper method against the sandbox', () => {
	let env: Env;
	beforeAll(async () => {
		env = await startEnv();
	});
	afterAll(async () => env.sandbox.close());

	it('loads the listing create form of the office and checklist type picked', async () => {
		const office = env.state.store.offices[0];
		const result = await env.method('resourceMapping', 'getFormFields', {
			resource: 'listing',
			operation: 'create',
			officeGuid: byId(office.officeGuid),
			checklistTypeId: 13,
		});
		const ids = result.fields.map((f) => f.id);
		expect(ids).not.toContain('officeGuid');
		expect(ids).toContain('commercialLease.monthlyRent');
		expect(result.fields.find((f) => f.id === 'property.zip')?.required).toBe(true);
		expect(result.fields.find((f) => f.id === 'mlsId')?.displayName).toBe('MLS ID (Deprecated)');
		expect(result.fields.find((f) => f.id === 'property.streetNumber')?.displayName).toBe('Property: Street Number');
		// Optional lists and dictionaries are optional text fields (no JSON editor to show an empty value as invalid).
		expect(result.fields.filter((f) => ['coAgentGuids', 'customFields'].includes(f.id)).map((f) => [f.id, f.type, f.required])).toEqual([
			['coAgentGuids', 'string', false],
			['customFields', 'string', false],
		]);
		expect(result.fields.some((f) => f.type === 'array' || f.type === 'object')).toBe(false);
		const sent = env.sent('GET', /^\/api\/files\/listingForm$/).at(-1)!;
		expect(sent.query).toEqual({ officeGuid: office.officeGuid, checklistTypeId: '13' });
	});

	it('asks for the record first when it is not picked yet, without calling the service', async () => {
		const before = env.sent().length;
		const result = await env.method('resourceMapping', 'getFormFields', { resource: 'listing', operation: 'update' });
		expect(result.fields).toEqual([]);
		expect(result.emptyFieldsNotice).toBe('Pick the Listing above first: the fields of the form load then');
		const create = await env.method('resourceMapping', 'getFormFields', { resource: 'listing', operation: 'create' });
		expect(create).toEqual({ fields: [], emptyFieldsNotice: 'Pick the Office and Checklist Type above first: the fields of the form load then' });
		const withOffice = await env.method('resourceMapping', 'getFormFields', {
			resource: 'sale',
			operation: 'create',
			officeGuid: byId(env.state.store.offices[0].officeGuid),
		});
		expect(withOffice.emptyFieldsNotice).toBe('Pick the Checklist Type above first: the fields of the form load then');
		expect(env.sent().length).toBe(before);
	});

	it('names a value typed wrong (not an error before anything is picked)', async () => {
		const result = await env.method('resourceMapping', 'getFormFields', { resource: 'listing', operation: 'update', listingGuid: byId('not-a-guid') });
		expect(result.fields).toEqual([]);
		expect(result.emptyFieldsNotice).toBe('The form cannot be loaded yet: Listing: must be a GUID like 3f2504e0-4f89-41d3-9a0c-0305e82c3301, got "not-a-guid"');
	});

	it('hides the "no fields" error of the editor while the field list is empty on purpose', () => {
		const node = new SkySlope();
		const mappers = node.description.properties.filter((p) => p.type === 'resourceMapper');
		expect(mappers.length).toBeGreaterThan(0);
		for (const mapper of mappers) expect(mapper.typeOptions?.resourceMapper?.hideNoDataError).toBe(true);
	});

	it('offers fixed fields where the service publishes no form: required ones labelled, not flagged before input', async () => {
		const result = await env.method('resourceMapping', 'getFormFields', { resource: 'directoryContact', operation: 'create' });
		expect(result.fields.filter((f) => f.required)).toEqual([]);
		expect(result.fields.filter((f) => f.displayName.endsWith(' (required)')).map((f) => f.id)).toEqual(['firstName', 'lastName']);
		// Still required: an item without them is refused before anything is sent.
		const before = env.sent().length;
		const run = await env.run({
			resource: 'directoryContact',
			operation: 'create',
			columns: { mappingMode: 'defineBelow', value: { firstName: 'Ada' }, matchingColumns: [], schema: result.fields, attemptToConvertTypes: false, convertFieldsToString: false },
		});
		expect(run.error?.message).toContain('lastName');
		expect(env.sent().length).toBe(before);
	});
});
