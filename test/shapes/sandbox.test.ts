// The sandbox's shape knob over HTTP, as the end-to-end suite drives it: the default answer is
// untouched, a rule reshapes only the read answers it names, a bad rule is refused.
import { startSandbox, type SandboxServer } from '../../sandbox';
import { reshapeAnswer } from '../../sandbox/core/shapes';
import { OFFERS_CLIENT_ID, OFFERS_CLIENT_SECRET, type OffersState } from '../../sandbox/offers';

let sandbox: SandboxServer;
let token: string;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0 });
	const basic = Buffer.from(`${OFFERS_CLIENT_ID}:${OFFERS_CLIENT_SECRET}`).toString('base64');
	const res = await fetch(`${sandbox.baseUrl}/offers/offers-api/ext/token`, { method: 'POST', headers: { authorization: `Basic ${basic}` } });
	token = ((await res.json()) as { access_token: string }).access_token;
});
afterAll(async () => await sandbox.close());

const control = async (method: string, body?: unknown) =>
	await fetch(`${sandbox.baseUrl}/_sandbox/shapes`, { method, body: body === undefined ? undefined : JSON.stringify(body) });

async function offer(id: string): Promise<unknown> {
	const res = await fetch(`${sandbox.baseUrl}/offers/offers-api/ext/offer/${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${token}` } });
	expect(res.status).toBe(200);
	return await res.json();
}

it('reshapes the read answers of the service named, and only while asked', async () => {
	const [first] = sandbox.service<OffersState>('offers').state.offers.values();
	const plain = await offer(first.OfferId);
	expect(plain).toEqual(first);

	expect((await control('PUT', { service: 'offers', variant: 'plural-one' })).status).toBe(200);
	expect(await offer(first.OfferId)).toEqual({ offers: [first] });
	expect(sandbox.requests('offers', 'GET', /\/ext\/offer\//).at(-1)?.shape).toBe('plural-one');

	expect((await control('PUT', { rules: [{ service: 'listings', variant: 'bare' }] })).status).toBe(200);
	expect(await offer(first.OfferId)).toEqual(plain);

	expect((await control('PUT', [{ variant: 'value-wrapped', path: '/ext/offer/' }])).status).toBe(200);
	expect(await offer(first.OfferId)).toEqual({ value: plain });

	expect((await control('DELETE')).status).toBe(200);
	expect(await offer(first.OfferId)).toEqual(plain);
	expect(sandbox.requests('offers', 'GET', /\/ext\/offer\//).at(-1)?.shape).toBeUndefined();
});

it('refuses a rule it does not know', async () => {
	const bad = await control('PUT', { service: 'offers', variant: 'sideways' });
	expect(bad.status).toBe(400);
	expect(((await bad.json()) as { message: string }).message).toContain('singular, plural-one, bare');
	expect((await control('PUT', { service: 'nowhere', variant: 'bare' })).status).toBe(400);
});

it('keeps the listings-and-sales envelope around a reshaped payload, and can take it away', () => {
	const answer = { value: { listing: { listingGuid: 'g' } }, links: [{ rel: 'self' }], warnings: null };
	const path = '/api/files/listings/00000000-0000-4000-8000-000000000001';
	expect(reshapeAnswer('listings', 'GET', path, answer, [{ variant: 'plural-one' }])?.json).toEqual({
		value: { listings: [{ listingGuid: 'g' }] },
		links: [{ rel: 'self' }],
		warnings: null,
	});
	expect(reshapeAnswer('listings', 'GET', path, answer, [{ variant: 'bare' }])?.json).toMatchObject({ value: { listingGuid: 'g' } });
	expect(reshapeAnswer('listings', 'GET', path, answer, [{ variant: 'unwrapped' }])?.json).toEqual({ listing: { listingGuid: 'g' } });
	expect(reshapeAnswer('listings', 'POST', path, answer, [{ variant: 'bare' }])).toBeUndefined();
	expect(reshapeAnswer('listings', 'GET', '/api/files/listingForm', answer, [{ variant: 'bare' }])).toBeUndefined();
});
