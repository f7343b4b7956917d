// A y-axis for small counts: a "nice" maximum (1, 2, 5 x 10^n) and a few whole-number ticks.
export function niceScale(max: number): { top: number; ticks: number[] } {
  if (!(max > 0)) return { top: 1, ticks: [0, 1] };
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const top = [1, 2, 5, 10].map((m) => m * magnitude).find((v) => v >= max) ?? 10 * magnitude;
  const step = top <= 4 ? 1 : top / (top / magnitude >= 5 ? 5 : top / magnitude === 2 ? 4 : 2);
  const ticks: number[] = [];
  for (let v = 0; v <= top + 1e-9; v += step) ticks.push(Math.round(v));
  return { top, ticks };
}
