import { setSafeRegexEngine } from 'n8n-workflow';

/**
 * n8n checks parameter patterns (a locator's "By ID" regex) in a vm with a 250 ms timeout. Under
 * jest on a loaded two-core machine, creating that vm alone can take longer, and a trivial
 * pattern then "times out". The harness tests the nodes, not n8n's regex guard: it uses plain
 * regular expressions. Real n8n (the end-to-end suites) keeps its own engine.
 */
setSafeRegexEngine({
	exec: (pattern, input, flags) => new RegExp(pattern, flags).exec(input),
	test: (pattern, input, flags) => new RegExp(pattern, flags).test(input),
	replace: (pattern, input, flags, replacement) => input.replace(new RegExp(pattern, flags), replacement),
	matchAll: (pattern, input, flags) =>
		Array.from(input.matchAll(new RegExp(pattern, flags?.includes('g') ? flags : `${flags ?? ''}g`))),
	split: (pattern, input, flags) => input.split(new RegExp(pattern, flags)),
});
