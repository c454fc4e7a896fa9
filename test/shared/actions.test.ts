// n8n's UX guidelines for actions (the line under each operation in the nodes panel): no articles
// ("Create file", not "Create a file"), sentence case, no trailing full stop. Operation names stay
// Title Case; descriptions may keep their articles.
import type { INodeProperties, INodePropertyOptions, INodeType } from 'n8n-workflow';

import { SkySlopeForms } from '../../nodes/SkySlopeForms/SkySlopeForms.node';
import { SkySlopeListingsSales } from '../../nodes/SkySlopeListingsSales/SkySlopeListingsSales.node';
import { SkySlopeOffers } from '../../nodes/SkySlopeOffers/SkySlopeOffers.node';

const actions = (node: INodeType) =>
	node.description.properties
		.filter((p: INodeProperties) => p.name === 'operation' && p.type === 'options')
		.flatMap((p) => (p.options as INodePropertyOptions[]).map((o) => ({ node: node.description.displayName, operation: o.name, action: o.action ?? '' })));

const all = [new SkySlopeForms(), new SkySlopeListingsSales(), new SkySlopeOffers()].flatMap(actions);

describe('actions', () => {
	it('every operation of the three action nodes has one', () => {
		expect(all.length).toBeGreaterThan(100);
		expect(all.filter((a) => !a.action)).toEqual([]);
	});

	it('omit articles (a, an, the)', () => {
		expect(all.filter((a) => /\b(a|an|the)\b/i.test(a.action))).toEqual([]);
	});

	it('are sentence case, without a full stop', () => {
		const wrong = all.filter((a) => !/^[A-Z]/.test(a.action) || a.action.endsWith('.') || /\s[A-Z][a-z]+\b/.test(a.action.replace(/\b(PDF|MLS)\b/g, '')));
		expect(wrong).toEqual([]);
	});
});
