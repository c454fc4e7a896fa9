/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test harness, never shipped in dist */
// Holds the sandbox's requests so that a model decides the order of concurrent work, and moves the
// model's clock by the time each read takes. One request is let go at a time, and the next choice
// waits until every unfinished task is held again or done (`idle`): whatever runs between two
// requests (a poll comparing a page, a webhook claiming a key) runs alone, so a history replays the
// same way from its seed.

/** The model's clock: what Date.now() answers in the process, moved only by the model. */
export interface VirtualClock {
	now(): number;
	advance(ms: number): void;
}

interface Held {
	label: string;
	release: () => void;
}

/** Real milliseconds with nothing moving, some requests held, after which the rest wait on those. */
const STILL_MS = 60;

export class RequestGate {
	private readonly held: Held[] = [];
	private readonly running = new Set<Promise<unknown>>();
	/** Milliseconds of the model's clock each request takes before it is answered. */
	latencyMs = 0;

	constructor(private readonly clock: VirtualClock) {}

	/** The sandbox's `gate` option. */
	readonly hook = async (request: { service: string; method: string; path: string }): Promise<void> => {
		// The sandbox's own controls (a signing, a seed) are the model's, not the trigger's.
		if (request.path.startsWith('/sandbox/')) return;
		await new Promise<void>((release) => this.held.push({ label: `${request.method} ${request.path}`, release }));
		if (this.latencyMs > 0) this.clock.advance(this.latencyMs);
	};

	/** Holds a task at a point of n8n's own (a webhook's save) until the model lets it go. */
	async hold(label: string): Promise<void> {
		await new Promise<void>((release) => this.held.push({ label, release }));
	}

	/** Starts a task (a poll, a webhook request): it runs until its first request is held. */
	track<T>(task: Promise<T>): Promise<T> {
		const tracked = task.finally(() => this.running.delete(tracked));
		// A task's failure is the caller's to read: the tracked copy must not be an unhandled one.
		tracked.catch(() => undefined);
		this.running.add(tracked);
		return tracked;
	}

	/**
	 * Waits until every unfinished task waits at the gate, or waits on one that does (two requests
	 * of one process sharing a token refresh): nothing has moved for STILL_MS while some are held.
	 */
	async idle(): Promise<void> {
		const started = Date.now();
		const realStart = performance.now();
		let seen = -1;
		let stillSince = performance.now();
		for (;;) {
			if (this.held.length >= this.running.size) return;
			const moved = this.held.length * 1_000_003 + this.running.size;
			if (moved !== seen) {
				seen = moved;
				stillSince = performance.now();
			} else if (this.held.length > 0 && performance.now() - stillSince > STILL_MS) return;
			await new Promise((r) => setImmediate(r));
			if (performance.now() - realStart > 10_000) {
				throw new Error(`the gate waited 10 s for ${this.running.size} task(s), ${this.held.length} held (model clock ${new Date(started).toISOString()})`);
			}
		}
	}

	/** Lets one held request go, chosen by `pick` (taken modulo the number held); false when none is. */
	async step(pick = 0): Promise<boolean> {
		await this.idle();
		if (!this.held.length) return false;
		const [chosen] = this.held.splice(pick % this.held.length, 1);
		chosen.release();
		await this.idle();
		return true;
	}

	/** Lets requests go, oldest first, until no task runs. */
	async settle(): Promise<void> {
		while (this.running.size) {
			await this.idle();
			if (!this.held.length) {
				await Promise.allSettled([...this.running]);
				continue;
			}
			this.held.shift()?.release();
		}
	}
}
