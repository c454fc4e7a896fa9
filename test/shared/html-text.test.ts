// n8n's editor renders a parameter's description, hint and a notice's text as HTML: `<Test URL>` in
// them is taken for a tag and vanishes (the Signing Trigger's notice read "curl -X POST ''" in the
// editor, seen in the recorded demo). Angle brackets meant as text are written `&lt;` and `&gt;`.
import { SkySlopeApi } from '../../credentials/SkySlopeApi.credentials';
import { SkySlopeFormsOAuth2Api } from '../../credentials/SkySlopeFormsOAuth2Api.credentials';
import { SkySlopeOffersOAuth2Api } from '../../credentials/SkySlopeOffersOAuth2Api.credentials';
import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { SkySlopeSigningTrigger } from '../../nodes/SkySlope/SkySlopeSigningTrigger.node';
import { SkySlopeTrigger } from '../../nodes/SkySlope/SkySlopeTrigger.node';

/** Tags a description may mean (n8n renders them); anything else between angle brackets is swallowed. */
const SWALLOWED = /<(?!\/?(a|b|i|em|strong|code|br|p|ul|ol|li)\b)[^>]*>/i;
const HTML_KEYS = new Set(['description', 'hint']);

/** Every text n8n renders as HTML in a description tree, with where it is. */
function htmlTexts(value: unknown, where: string): Array<{ where: string; text: string }> {
	if (Array.isArray(value)) return value.flatMap((v, i) => htmlTexts(v, `${where}[${i}]`));
	if (!value || typeof value !== 'object') return [];
	const record = value as Record<string, unknown>;
	const notice = record.type === 'notice' || record.type === 'callout';
	const at = typeof record.name === 'string' ? `${where}(${record.name})` : where;
	return Object.entries(record).flatMap(([key, v]) => {
		if (typeof v === 'string') return HTML_KEYS.has(key) || (notice && key === 'displayName') ? [{ where: `${at}.${key}`, text: v }] : [];
		return htmlTexts(v, `${at}.${key}`);
	});
}

const sources = [
	['SkySlope', new SkySlope().description],
	['SkySlope Trigger', new SkySlopeTrigger().description],
	['SkySlope Signing Trigger', new SkySlopeSigningTrigger().description],
	['Listings & Sales credential', new SkySlopeApi()],
	['Forms credential', new SkySlopeFormsOAuth2Api()],
	['Offers credential', new SkySlopeOffersOAuth2Api()],
] as const;

describe('text the editor renders as HTML', () => {
	it('finds a swallowed "<Test URL>", and lets &lt;Test URL&gt; and a link pass (controls)', () => {
		const made = { properties: [{ type: 'notice', displayName: "curl -X POST '<Test URL>'" }, { description: '&lt;Test URL&gt; and <a href="x">a link</a>' }] };
		expect(htmlTexts(made, 'made').filter((t) => SWALLOWED.test(t.text)).map((t) => t.where)).toEqual(['made.properties[0].displayName']);
	});

	it.each(sources)('%s: no text between angle brackets that n8n would take for a tag', (_name, description) => {
		const texts = htmlTexts(description, 'description');
		expect(texts.length).toBeGreaterThan(3);
		expect(texts.filter((t) => SWALLOWED.test(t.text))).toEqual([]);
	});
});
