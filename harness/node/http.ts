// A JSON request from a test to a server it drives (n8n's API, the sandbox's controls), failing
// loudly with the status and the start of the body when the answer is not 2xx.
export async function jsonCall<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
	const res = await fetch(url, {
		method,
		headers: { accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 1000)}`);
	return (text ? JSON.parse(text) : undefined) as T;
}
