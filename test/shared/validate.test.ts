 
import { NodeOperationError, type INode } from 'n8n-workflow';

import {
	checkEnum,
	checkGuid,
	checkId,
	checkIdList,
	checkInt,
	checkMaxItems,
	checkString,
	toDateOnly,
	toIsoDateTime,
	toUnixSeconds,
} from '../../nodes/SkySlope/shared/validate';

const node: INode = {
	id: '1',
	name: 'SkySlope Forms',
	type: 'n8n-nodes-skyslope.skySlope',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const ctx = { getNode: () => node };

function refusal(fn: () => unknown): NodeOperationError {
	try {
		fn();
	} catch (error) {
		expect(error).toBeInstanceOf(NodeOperationError);
		return error as NodeOperationError;
	}
	throw new Error('expected a refusal');
}

describe('input checks name the parameter and the item', () => {
	it('accepts ids of 1 or more, as numbers or digit strings', () => {
		expect(checkId(ctx, 'fileId', 1, 0)).toBe(1);
		expect(checkId(ctx, 'fileId', ' 42 ', 0)).toBe(42);
	});

	it.each([0, -1, 1.5, '1.5', 'abc', '', null, undefined, '../1', '1/2', Number.MAX_SAFE_INTEGER + 2, {}])(
		'refuses the id %j',
		(value) => {
			const error = refusal(() => checkId(ctx, 'fileId', value, 3));
			expect(error.message).toContain('fileId');
			expect(error.message).toContain('item 3');
			expect(error.context.itemIndex).toBe(3);
		},
	);

	it('reads id lists from text or arrays', () => {
		expect(checkIdList(ctx, 'documentIds', '1, 2,3', 0)).toEqual([1, 2, 3]);
		expect(checkIdList(ctx, 'documentIds', [4, '5'], 0)).toEqual([4, 5]);
		expect(refusal(() => checkIdList(ctx, 'documentIds', '', 1)).message).toContain('documentIds');
		expect(refusal(() => checkIdList(ctx, 'documentIds', '1,x', 1)).message).toContain('"x"');
	});

	it('checks ranges', () => {
		expect(checkInt(ctx, 'pageSize', 500, 0, { min: 1, max: 500 })).toBe(500);
		expect(refusal(() => checkInt(ctx, 'pageSize', 501, 2, { min: 1, max: 500 })).message).toBe(
			'pageSize: must be a whole number from 1 to 500, got 501 [item 2]',
		);
	});

	it('checks guids and lower-cases them', () => {
		expect(checkGuid(ctx, 'listingGuid', '3F2504E0-4F89-41D3-9A0C-0305E82C3301', 0)).toBe(
			'3f2504e0-4f89-41d3-9a0c-0305e82c3301',
		);
		for (const bad of ['3f2504e0', '../3f2504e0-4f89-41d3-9a0c-0305e82c3301', 'zzzzzzzz-4f89-41d3-9a0c-0305e82c3301']) {
			expect(refusal(() => checkGuid(ctx, 'listingGuid', bad, 0)).message).toContain('listingGuid');
		}
	});

	it('checks enums, strings and list sizes', () => {
		expect(checkEnum(ctx, 'type', 'Buyer', ['Buyer', 'Seller'] as const, 0)).toBe('Buyer');
		expect(refusal(() => checkEnum(ctx, 'type', 'buyer', ['Buyer', 'Seller'], 0)).message).toContain('Buyer, Seller');
		expect(refusal(() => checkString(ctx, 'name', '  ', 0)).message).toBe('name: is required [item 0]');
		expect(refusal(() => checkString(ctx, 'name', 'x'.repeat(11), 0, { maxLength: 10 })).message).toContain('at most 10');
		expect(refusal(() => checkMaxItems(ctx, 'coAgents', [1, 2, 3, 4, 5, 6], 5, 0)).message).toContain('at most 5');
	});

	it('reads dates as n8n gives them', () => {
		expect(toDateOnly(ctx, 'closingDate', '2024-03-05', 0)).toBe('2024-03-05');
		// An explicit offset keeps the day as written (spec: forms UpdateFile date rules).
		expect(toDateOnly(ctx, 'closingDate', '2024-03-05T23:30:00-08:00', 0)).toBe('2024-03-05');
		expect(toIsoDateTime(ctx, 'startDate', '2024-03-05T23:30:00-08:00', 0)).toBe('2024-03-06T07:30:00.000Z');
		expect(toIsoDateTime(ctx, 'startDate', new Date(Date.UTC(2024, 0, 2, 3, 4, 5)), 0)).toBe('2024-01-02T03:04:05.000Z');
		expect(toIsoDateTime(ctx, 'startDate', { toISO: () => '2024-01-02T03:04:05.000+00:00' }, 0)).toBe(
			'2024-01-02T03:04:05.000Z',
		);
		expect(toUnixSeconds(ctx, 'earliestDate', '1970-01-02', 0)).toBe(86400);
		// Milliseconds are kept: the last second of a range still counts.
		expect(toIsoDateTime(ctx, 'endDate', '2024-01-31T23:59:59.999Z', 0)).toBe('2024-01-31T23:59:59.999Z');
		expect(toIsoDateTime(ctx, 'endDate', '2024-01-31T23:59:59.5+01:00', 0)).toBe('2024-01-31T22:59:59.500Z');
	});

	it.each(['2024-02-30', '2024-13-01', 'yesterday', '', 20240102, '2024-01-02T25:00:00Z'])('refuses the date %j', (value) => {
		const error = refusal(() => toDateOnly(ctx, 'closingDate', value, 1));
		expect(error.message).toContain('closingDate: is not a date');
		expect(error.message).toContain('item 1');
	});

});
