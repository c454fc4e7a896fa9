// Runs inside the n8n editor page (added as an init script by editor.ts): reads what the node
// details view shows, the way a user sees it. Plain JavaScript so that the test's TypeScript needs
// no DOM typings. Class names of n8n's design system carry a hash (`_danger_1txi9_116`), hence the
// `[class*=...]` selectors.
/* global window, document */
window.__skyslope = {
	/** What the open node details view shows: labels, messages, failed lists, issue markers. */
	screen() {
		const pane = document.querySelector('[data-test-id=ndv] [data-test-id=node-parameters]');
		if (!pane) return { open: false };
		const visible = (el) => el.offsetParent !== null || el.getClientRects().length > 0;
		const text = (el) => (el.innerText || el.textContent || '').replace(/\s+/g, ' ').trim();
		const labels = [];
		for (const label of pane.querySelectorAll('label.n8n-input-label')) {
			if (!visible(label)) continue;
			const title = label.querySelector('[class*=_title_]');
			const raw = text(title || label);
			if (!raw) continue;
			const issues = label.querySelector('[class*=_issues_]');
			labels.push({
				name: raw.replace(/\s*\*$/, ''),
				required: /\*$/.test(raw),
				issue: issues && visible(issues) ? text(issues) || 'issue marker' : '',
			});
		}
		// Danger-coloured text, outermost only (a link inside one is part of the same message).
		const errors = [];
		for (const el of pane.querySelectorAll('[class*=_danger_]')) {
			if (!visible(el) || (el.parentElement && el.parentElement.closest('[class*=_danger_]'))) continue;
			const t = text(el).replace(/\s*Retry$/, '');
			if (t) errors.push(t);
		}
		const notices = [];
		for (const el of pane.querySelectorAll('.notice')) {
			if (!visible(el)) continue;
			notices.push({ text: text(el), theme: (/_(warning|danger|info|success)_/.exec(el.className) || [])[1] || '' });
		}
		const issueMarkers = [];
		for (const el of pane.querySelectorAll('[data-test-id=parameter-issues], [class*=parameter-issues]')) {
			if (!visible(el)) continue;
			// The nearest label up the tree names it (a form field inside the resource mapper, too).
			let holder = el.parentElement;
			while (holder && holder !== pane && !holder.querySelector('label.n8n-input-label')) holder = holder.parentElement;
			const title = holder && holder.querySelector('label.n8n-input-label [class*=_title_]');
			issueMarkers.push(title ? text(title).replace(/\s*\*$/, '') : 'a parameter');
		}
		const failedLists = [];
		for (const input of pane.querySelectorAll('input')) {
			if (!visible(input) || !/^Error fetching options/.test(input.value || '')) continue;
			const item = input.closest('[data-test-id=parameter-item]');
			const label = item && item.querySelector('label.n8n-input-label');
			const title = label && label.querySelector('[class*=_title_]');
			failedLists.push(title ? text(title).replace(/\s*\*$/, '') : input.title || 'a list');
		}
		// The value each dropdown shows (a default option is a name the user reads too).
		const shownValues = [];
		for (const input of pane.querySelectorAll('.el-select input, [data-test-id=rlc-mode-selector] input')) {
			if (visible(input) && input.value) shownValues.push(input.value);
		}
		const locators = [];
		for (const rlc of pane.querySelectorAll('[data-test-id^=resource-locator-]')) {
			if (!visible(rlc)) continue;
			const mode = rlc.querySelector('[data-test-id=rlc-mode-selector] input');
			const item = rlc.closest('[data-test-id=parameter-item]');
			const title = item && item.querySelector('label.n8n-input-label [class*=_title_]');
			locators.push({
				testId: rlc.getAttribute('data-test-id'),
				mode: mode ? mode.value : '',
				label: title ? text(title).replace(/\s*\*$/, '') : rlc.getAttribute('data-test-id'),
			});
		}
		return { open: true, labels, errors, notices, issueMarkers, failedLists, shownValues, locators };
	},

	/** The names of the options of the open dropdown (the headline of each, not its description). */
	dropdownOptions() {
		const out = [];
		for (const item of document.querySelectorAll('.el-select-dropdown__item')) {
			if (item.offsetParent === null) continue;
			const first = (item.innerText || '').split('\n').map((s) => s.trim()).filter(Boolean)[0];
			if (first) out.push(first);
		}
		return out;
	},

	/** The open resource-locator list: its items, or what it says instead. */
	locatorList() {
		const search = [...document.querySelectorAll('[data-test-id=rlc-search]')].find((el) => el.offsetParent !== null);
		if (!search) return { open: false };
		const box = search.closest('[role=dialog]') || search.parentElement.parentElement.parentElement;
		const items = [...box.querySelectorAll('[data-test-id=rlc-item]')].map((el) => (el.innerText || '').trim());
		const loading = !!box.querySelector('[class*=loading], [class*=Loading]') || /Loading/.test(box.innerText || '');
		return { open: true, items, loading, text: (box.innerText || '').replace(/\s+/g, ' ').trim() };
	},

	/**
	 * Toasts n8n shows, with their text: errors of calls the page made, and n8n's own notes (a
	 * success or an info toast: "Node credential updated" when a credential chosen on one node is
	 * given to the others that lack one), which are not problems.
	 */
	toasts() {
		const is = (el, kind) => new RegExp(kind).test(el.className) || !!el.querySelector(`[class*=${kind}]`);
		return [...document.querySelectorAll('.el-notification')]
			.filter((el) => el.offsetParent !== null)
			.map((el) => ({ text: (el.innerText || '').replace(/\s+/g, ' ').trim(), error: is(el, 'error'), note: !is(el, 'error') && !is(el, 'warning') && (is(el, 'success') || is(el, 'info')) }));
	},

	/** Each canvas node's name and subtitle. */
	canvasNodes() {
		return [...document.querySelectorAll('[data-test-id=canvas-node]')].map((el) => ({
			name: el.getAttribute('data-node-name') || '',
			text: (el.innerText || '').split('\n').map((s) => s.trim()).filter(Boolean),
		}));
	},
};
