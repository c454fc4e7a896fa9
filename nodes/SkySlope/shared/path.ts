/**
 * Builds a request path with every interpolated value encoded as ONE path segment, so that an id
 * like `../token` or `1?x=2` can never change which endpoint is called.
 *
 *   p`/files/${fileId}/contacts/${contactId}`
 */
export function p(strings: TemplateStringsArray, ...values: Array<string | number>): string {
	let out = strings[0];
	values.forEach((value, i) => {
		out += encodeSegment(value) + strings[i + 1];
	});
	return out;
}

function encodeSegment(value: string | number): string {
	const text = String(value);
	// encodeURIComponent leaves '.' alone: '.' and '..' would be resolved as dot-segments by the URL parser.
	if (text === '' || text === '.' || text === '..') {
		throw new Error(`"${text}" is not a valid path segment`);
	}
	return encodeURIComponent(text);
}
