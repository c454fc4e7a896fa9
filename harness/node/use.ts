// Something the tests of a file or block share: started before them (or before each), closed after.

/**
 * Registers the hooks and gives an object that stands for the started thing once they have run
 * (reading it earlier is an error that says so). With `each`, a fresh one for every test.
 */
export function useStarted<T extends object>(start: () => Promise<T>, close: (started: T) => Promise<void>, { each = false } = {}): T {
	let current: T | undefined;
	const started = () => {
		if (!current) throw new Error('not started yet: use it inside a test or a hook');
		return current;
	};
	(each ? beforeEach : beforeAll)(async () => {
		current = await start();
	});
	(each ? afterEach : afterAll)(async () => {
		if (current) await close(current);
		current = undefined;
	});
	return new Proxy({} as T, {
		get: (_, key) => Reflect.get(started(), key),
		set: (_, key, value) => Reflect.set(started(), key, value),
	});
}
