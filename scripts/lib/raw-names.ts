// What a name shown to a user must not look like: an API path (`property.streetNumber`), a code
// identifier (`statusChanged`, `checklist_type`), an internal type (`StageDTO`).

/** Words written in mixed case on purpose: brands and product names, n8n's own terms. */
const ALLOWED = new Set(['SkySlope', 'OAuth', 'OAuth2', 'JavaScript', 'GitHub', 'YouTube', 'LinkedIn', 'iOS', 'eSignature', 'DocuSign', 'n8n']);

/** The raw-looking tokens in a label, option name or subtitle (empty when it reads like prose). */
export function rawTokens(text: string): string[] {
	const found = new Set<string>();
	for (const token of text.split(/[\s,;:()[\]{}"'“”‘’!?]+/)) {
		const word = token.replace(/[.…]+$/, '');
		if (!word || ALLOWED.has(word)) continue;
		// e.g. and i.e. are prose; a version or a number with a dot is not a name.
		if (/^(e\.g|i\.e|etc|vs)$/i.test(word) || /^[\d.]+$/.test(word)) continue;
		if (/^https?:\/\//.test(word) || /^\S+@\S+\.\S+$/.test(word)) continue;
		if (/[A-Za-z_]\w*\.[A-Za-z_]\w*/.test(word)) found.add(word);
		else if (/^[a-z]+[A-Z]\w*$/.test(word)) found.add(word);
		else if (/^[A-Za-z0-9]+_[A-Za-z0-9_]+$/.test(word)) found.add(word);
		else if (/DTO$/.test(word)) found.add(word);
		else if (/^[A-Z][a-z]+[A-Z][a-z]+\w*$/.test(word)) found.add(word);
	}
	return [...found];
}
