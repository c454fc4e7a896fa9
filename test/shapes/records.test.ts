// The shared record readers on their own: every wrapping they accept, and what they refuse.
import type { INode } from 'n8n-workflow';

import { describeAnswer, noteStatus, readRecord, readRecordIfAny, readRecords, type RecordKind } from '../../nodes/SkySlope/shared/records';

const node = { id: '1', name: 'SkySlope', type: 'test', typeVersion: 1, position: [0, 0], parameters: {} } as INode;
const ctx = { getNode: () => node };
const LISTING: RecordKind = { name: 'listing', keys: ['listing', 'listings'], marks: ['listingGuid'] };
const spec = { ...LISTING, operation: 'Get a listing', itemIndex: 2 };
const a = { listingGuid: 'a', price: 1 };
const b = { listingGuid: 'b', price: 2 };

describe('readRecord', () => {
	it.each([
		['singular key', { listing: a }],
		['plural key, one element', { listings: [a] }],
		['bare object', a],
		['bare array of one', [a]],
		['value-wrapped singular', { value: { listing: a }, links: [], warnings: null }],
		['value-wrapped bare', { value: a }],
		['values-wrapped plural', { values: { listings: [a] } }],
		['a key in another case', { Listing: a }],
		['value-wrapped twice', { value: { value: a } }],
	])('reads the record from a %s', (_what, answer) => {
		expect(readRecord(ctx, answer, spec)).toEqual(a);
	});

	it('picks the one asked for among several, and refuses to guess without a pick', () => {
		expect(readRecord(ctx, { listings: [a, b] }, { ...spec, pick: (r) => r.listingGuid === 'b' })).toEqual(b);
		expect(() => readRecord(ctx, { listings: [a, b] }, spec)).toThrow('"listings" holds 2 listing records where one was expected');
	});

	it('fails naming the operation, the status, the item and the keys seen', () => {
		let error: unknown;
		try {
			readRecord(ctx, noteStatus({ weird: 1 }, 200), spec);
		} catch (e) {
			error = e;
		}
		expect(error).toMatchObject({
			message: 'Get a listing: the answer could not be read as a listing (HTTP 200; top-level keys: weird)',
			context: { itemIndex: 2 },
		});
		expect((error as { description: string }).description).toContain('"listingGuid"');
	});

	it.each([
		['a wrapper with other keys', { result: a }, 'top-level keys: result'],
		['an envelope holding an unknown payload', { value: { item: a }, links: [] }, 'under value: item'],
		['an empty list', { listings: [] }, 'the answer holds no listing'],
		['a null record', { listing: null }, 'the answer holds no listing'],
		['a text', 'OK', 'a string body'],
		['no body', undefined, 'no body'],
		['a list of text', ['a'], 'not listing objects'],
	])('refuses %s', (_what, answer, said) => {
		expect(() => readRecord(ctx, answer, spec)).toThrow(said);
	});

	it('says plainly when there is none, where the answer says so', () => {
		expect(readRecordIfAny(ctx, { listing: null }, spec)).toBeUndefined();
		expect(readRecordIfAny(ctx, undefined, { ...spec, emptyMeansNone: true })).toBeUndefined();
		expect(() => readRecordIfAny(ctx, undefined, spec)).toThrow('HTTP status unknown; no body');
		expect(() => readRecordIfAny(ctx, { weird: 1 }, spec)).toThrow('weird');
	});
});

describe('readRecords', () => {
	it.each([
		['plural key', { listings: [a, b], totalRecords: 2 }, [a, b]],
		['singular key holding the list', { listing: [a, b] }, [a, b]],
		['singular key holding one', { listing: a }, [a]],
		['bare array', [a, b], [a, b]],
		['bare record', a, [a]],
		['value-wrapped', { value: { listings: [a] }, links: [] }, [a]],
		['value holding the array', { value: [a, b] }, [a, b]],
		['an empty list', { listings: [] }, []],
		['a null list', { listings: null }, []],
		['an empty array', [], []],
		['a zero total and no list', { totalRecords: 0 }, []],
	])('reads the records of a %s', (_what, answer, records) => {
		expect(readRecords(ctx, answer, spec)).toEqual(records);
	});

	it('a 204 is an empty list only where the spec says so', () => {
		expect(readRecords(ctx, undefined, { ...spec, emptyMeansNone: true })).toEqual([]);
		expect(() => readRecords(ctx, undefined, spec)).toThrow('Get a listing: the answer holds no list of listing records');
	});

	it.each([
		['an unknown key', { items: [a] }, 'top-level keys: items'],
		['an envelope without a list', { value: { pageNumber: 1 }, links: [] }, 'under value: pageNumber'],
		['entries that are not records', { listings: [1, 2] }, 'not all listing objects'],
		['a total that is not zero', { totalRecords: 3 }, 'top-level keys: totalRecords'],
	])('refuses %s', (_what, answer, said) => {
		expect(() => readRecords(ctx, noteStatus(answer, 200), spec)).toThrow(said);
		expect(() => readRecords(ctx, noteStatus(answer, 200), spec)).toThrow('HTTP 200');
	});
});

it('describes what it saw briefly', () => {
	expect(describeAnswer([a, 'x'])).toBe('a list of 2 entries (object, string)');
	expect(describeAnswer({})).toBe('an empty object');
	expect(describeAnswer({ value: null, links: [] })).toBe('top-level keys: value, links; under value: null');
});
