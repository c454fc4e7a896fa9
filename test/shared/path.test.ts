 
import { p } from '../../nodes/SkySlope/shared/path';

describe('p: path segments are always encoded', () => {
	it('keeps plain ids as they are', () => {
		expect(p`/files/${42}/contacts/${7}`).toBe('/files/42/contacts/7');
	});

	it.each([
		['../token', '/files/..%2Ftoken'],
		['1/2', '/files/1%2F2'],
		['1?x=2', '/files/1%3Fx%3D2'],
		['%2F', '/files/%252F'],
		['a#b', '/files/a%23b'],
		['<script>', '/files/%3Cscript%3E'],
	])('turns %j into one segment', (id, expected) => {
		const path = p`/files/${id}`;
		expect(path).toBe(expected);
		// Whatever the id, the URL parser still sees exactly two segments.
		expect(new URL(`http://h${path}`).pathname.split('/').filter(Boolean)).toHaveLength(2);
	});

	it.each(['', '.', '..'])('refuses the dot-segment or empty id %j', (id) => {
		expect(() => p`/files/${id}`).toThrow('not a valid path segment');
	});
});
