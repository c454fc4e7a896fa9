/** Names of downloaded files. */

/** A file name safe for a download (no path separators or control characters). */
export function safeFileName(name: string, fallback: string): string {
	const cleaned = [...name]
		.filter((ch) => ch.charCodeAt(0) >= 32 && !'/\\:*?"<>|'.includes(ch))
		.join('')
		.trim();
	return cleaned || fallback;
}

/** The filename of a Content-Disposition header, if any. */
export function fileNameFromDisposition(header: unknown): string | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	if (typeof value !== 'string') return undefined;
	const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(value);
	if (star) {
		try {
			return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
		} catch {
			return star[1].trim();
		}
	}
	const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(value);
	return plain ? plain[1].trim() : undefined;
}
