/**
 * The closest-match search PostgREST uses for its "Perhaps you meant …" hints (the Haskell `fuzzyset`
 * 0.2.x package with its defaults: 3- then 2-grams, cosine preselection of the best 50, Levenshtein score,
 * minimum 0.33). Reproduced so our hints name the same suggestion hosted PostgREST names.
 */
export function closestMatch(candidates: string[], query: string): string | undefined {
  const exact = new Map<string, string>();
  for (const c of [...candidates].reverse()) if (!exact.has(c.toLowerCase())) exact.set(c.toLowerCase(), c);
  const key = query.toLowerCase();
  const hit = exact.get(key);
  if (hit !== undefined) return hit;
  const items = [...exact.keys()];
  for (const size of [3, 2]) {
    const queryGrams = gramCounts(key, size);
    const queryNorm = norm(queryGrams);
    const scored: Array<{ entry: string; score: number }> = [];
    for (const entry of items) {
      const grams = gramCounts(entry, size);
      let dot = 0;
      for (const [g, n] of queryGrams) dot += n * (grams.get(g) ?? 0);
      if (dot > 0) scored.push({ entry, score: dot / (queryNorm * norm(grams)) });
    }
    const best = scored
      .sort((a, b) => b.score - a.score)
      .slice(0, 50)
      .map(({ entry }) => ({ entry, score: levenshteinScore(key, entry) }))
      .sort((a, b) => b.score - a.score)
      .filter((m) => m.score >= 0.33);
    if (best.length) return exact.get(best[0]!.entry);
  }
  return undefined;
}

function gramCounts(value: string, size: number): Map<string, number> {
  const chars = [...`-${[...value.toLowerCase()].filter((c) => /[\p{L}\p{N}\s,]/u.test(c)).join('')}-`];
  const counts = new Map<string, number>();
  for (let i = 0; i + size <= chars.length; i++) {
    const gram = chars.slice(i, i + size).join('');
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

function norm(counts: Map<string, number>): number {
  let sum = 0;
  for (const n of counts.values()) sum += n * n;
  return Math.sqrt(sum);
}

/** 1 - distance / longer length, over code points (text-metrics' levenshteinNorm). */
function levenshteinScore(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const longest = Math.max(s.length, t.length);
  if (longest === 0) return 1;
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const cur = [i];
    for (let j = 1; j <= t.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return 1 - prev[t.length]! / longest;
}
