 
/** A small seeded generator: the same seed gives the same sandbox data and the same faults. */
export function mulberry32(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export function pick<T>(random: () => number, list: readonly T[]): T {
	return list[Math.floor(random() * list.length)];
}

/** A v4-shaped guid drawn from the seeded generator (deterministic, unlike crypto.randomUUID). */
export function guid(random: () => number): string {
	const hex = () => Math.floor(random() * 16).toString(16);
	const part = (n: number) => Array.from({ length: n }, hex).join('');
	const variant = ((Math.floor(random() * 4) + 8) as number).toString(16);
	return `${part(8)}-${part(4)}-4${part(3)}-${variant}${part(3)}-${part(12)}`;
}
