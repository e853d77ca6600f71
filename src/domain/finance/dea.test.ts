import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '../random.ts';
import { type DeaResult, type DeaUnit, dea } from './dea.ts';

const byId = (results: DeaResult[]) => new Map(results.map((r) => [r.id, r]));
const get = (results: Map<string, DeaResult>, id: string): DeaResult => {
  const result = results.get(id);
  if (result === undefined) throw new Error(`no result for ${id}`);
  return result;
};

// Six hospitals A–F, two inputs (doctors, nurses), one output (outpatients, 1 for every
// hospital), the two-input one-output CCR example of Cooper, Seiford & Tone (2007), "Data
// Envelopment Analysis", 2nd ed., ch. 3, whose published CCR scores are A 0.8571, B 0.6316,
// C = D = E = F = 1, F weakly efficient with 2 doctors of slack against C.
// Every score below is also proved by hand with both LPs, so it does not rest on the book alone:
// a λ (envelopment form) gives an upper bound on θ*, and weights v, u (the multiplier form,
// max u·y_o s.t. v·x_o = 1, u·y_j − v·x_j ≤ 0 for every j) give the same number as a lower
// bound, by LP duality.
//   A (4, 3): λ_D = 5/7, λ_E = 2/7. Doctors 4·5/7 + 2·2/7 = 24/7 = (6/7)·4; nurses
//     2·5/7 + 4·2/7 = 18/7 = (6/7)·3; outpatients 5/7 + 2/7 = 1. So θ*_A ≤ 6/7.
//     Weights v = (1/7, 1/7): v·x_A = 4/7 + 3/7 = 1; v·x_j = A 1, B 10/7, C 9/7, D 6/7, E 6/7,
//     F 11/7, all ≥ 6/7, so u = 6/7 is feasible: θ*_A ≥ 6/7. θ*_A = 6/7 = 0.857142…, no slack,
//     reference set {D, E}, target (24/7, 18/7).
//   B (7, 3): λ_C = 2/19, λ_D = 17/19. Doctors 16/19 + 68/19 = 84/19 = (12/19)·7; nurses
//     2/19 + 34/19 = 36/19 = (12/19)·3; outpatients 1. Weights v = (1/19, 4/19): v·x_B = 1;
//     v·x_j = A 16/19, B 1, C 12/19, D 12/19, E 18/19, F 14/19, min 12/19. θ*_B = 12/19 =
//     0.631578…, reference set {C, D}.
//   C, D, E: λ = 1 on the unit itself gives θ = 1, and weights with v·x_o = 1 and v·x_j ≥ 1 for
//     every j give θ* ≥ 1 (u = 1): C v = (0, 1) (no unit has fewer than 1 nurse); D v = (1/8, 1/4)
//     (A 1.25, B 1.625, C 1.25, D 1, E 1.25, F 1.5); E v = (1/2, 0) (no unit has fewer than 2
//     doctors). θ* = 1 for each, and no slack is possible: each is efficient.
//   F (10, 1): no unit uses fewer than 1 nurse per outpatient, so Σλ_j·nurses_j ≥ Σλ_j ≥ 1 = F's
//     nurses: θ*_F ≥ 1, and λ_F = 1 gives 1. With θ = 1 only C and F (1 nurse each) can be used,
//     λ_C + λ_F = 1; the doctor slack 10 − 8λ_C − 10λ_F = 2λ_C is largest, 2, at λ_C = 1. So F is
//     weakly efficient: θ* = 1, s⁻ = (2, 0), reference set {C}, target (8, 1).
const hospitals: DeaUnit[] = [
  { id: 'A', inputs: [4, 3], outputs: [1] },
  { id: 'B', inputs: [7, 3], outputs: [1] },
  { id: 'C', inputs: [8, 1], outputs: [1] },
  { id: 'D', inputs: [4, 2], outputs: [1] },
  { id: 'E', inputs: [2, 4], outputs: [1] },
  { id: 'F', inputs: [10, 1], outputs: [1] },
];

describe('CCR, input-oriented: Cooper, Seiford & Tone (2007), ch. 3, hospitals A–F', () => {
  it('gives the published scores to 4 decimals', async () => {
    const results = byId(await dea(hospitals, { model: 'ccr' }));
    const published: Record<string, number> = { A: 0.8571, B: 0.6316, C: 1, D: 1, E: 1, F: 1 };
    for (const [id, score] of Object.entries(published)) {
      expect(get(results, id).efficiency, id).toBeCloseTo(score, 4);
    }
    // the exact values proved above
    expect(get(results, 'A').efficiency).toBeCloseTo(6 / 7, 10);
    expect(get(results, 'B').efficiency).toBeCloseTo(12 / 19, 10);
  });

  it('gives the reference sets (peers) and λ of the hand check', async () => {
    const results = byId(await dea(hospitals, { model: 'ccr', orientation: 'input' }));
    const peers = Object.fromEntries([...results].map(([id, r]) => [id, r.peers]));
    expect(peers).toEqual({ A: ['D', 'E'], B: ['C', 'D'], C: ['C'], D: ['D'], E: ['E'], F: ['C'] });
    const a = get(results, 'A');
    expect(a.lambdas.map((l) => l.id)).toEqual(['D', 'E']);
    expect(a.lambdas[0]!.weight).toBeCloseTo(5 / 7, 10);
    expect(a.lambdas[1]!.weight).toBeCloseTo(2 / 7, 10);
    expect(a.targets.inputs[0]).toBeCloseTo(24 / 7, 10);
    expect(a.targets.inputs[1]).toBeCloseTo(18 / 7, 10);
    expect(a.targets.outputs).toEqual([1]);
    const b = get(results, 'B');
    expect(b.lambdas[0]!.weight).toBeCloseTo(2 / 19, 10);
    expect(b.lambdas[1]!.weight).toBeCloseTo(17 / 19, 10);
  });

  it('finds F weakly efficient: θ = 1 with a slack of 2 doctors against C', async () => {
    const results = byId(await dea(hospitals, { model: 'ccr' }));
    const f = get(results, 'F');
    expect(f.efficiency).toBe(1);
    expect(f.efficient).toBe(false);
    expect(f.slacks.inputs[0]).toBeCloseTo(2, 10);
    expect(f.slacks.inputs[1]).toBe(0);
    expect(f.slacks.outputs).toEqual([0]);
    expect(f.targets.inputs[0]).toBeCloseTo(8, 10);
    expect(f.targets.inputs[1]).toBeCloseTo(1, 10);
    for (const id of ['C', 'D', 'E']) {
      const r = get(results, id);
      expect(r.efficient, id).toBe(true);
      expect([...r.slacks.inputs, ...r.slacks.outputs], id).toEqual([0, 0, 0]);
    }
    expect(get(results, 'A').efficient).toBe(false);
  });
});

// One input, one output, so the BCC score of unit o is (least input with which a convex
// combination of units produces y_o) / x_o, read off the lower convex hull of the points
// (x, y) — an example built for the test, not a published one:
//   A (2, 1), B (4, 4), C (8, 6), D (5, 3), H (2, 0.5).
// The frontier is A → B (slope 3/3 = 1 output per input) → C (slope 2/4 = 0.5, smaller, so
// the hull turns concave there); D and H lie below it.
//   A: no unit uses less than 2 inputs, so every convex combination uses ≥ 2: θ*_A ≥ 1; λ_A = 1
//      gives 1, and with θ = 1 only A and H (input 2) can be mixed; producing y ≥ 1 with the
//      most output slack takes λ_A = 1: efficient, no slack.
//   B: on A→B the input for y = 4 is 4 (B itself); on B→C it is 4 too; θ*_B = 1.
//   C: only C reaches y = 6 (every other unit ≤ 4), so λ_C = 1 and θ*_C = 1.
//   D (5, 3): y = 3 on A→B: λ_A = 1/3, λ_B = 2/3 gives y = 1/3 + 8/3 = 3 and input
//      2/3 + 8/3 = 10/3, so θ*_D ≤ (10/3)/5 = 2/3. Lower bound from the BCC multiplier form
//      (max u·y_o − u₀ s.t. v·x_o = 1, u·y_j − v·x_j − u₀ ≤ 0): the line through A and B,
//      v = 1/5, u = 2/15, u₀ = −4/15: A 2/15 − 6/15 + 4/15 = 0, B 8/15 − 12/15 + 4/15 = 0,
//      C 12/15 − 24/15 + 4/15 < 0, D 6/15 − 15/15 + 4/15 < 0, H 1/15 − 6/15 + 4/15 < 0, and
//      the objective 6/15 + 4/15 = 2/3. θ*_D = 2/3, reference set {A, B}.
//   H (2, 0.5): like A, θ*_H ≥ 1 (input 2 is the least) and = 1; at θ = 1 only A and H can be
//      used and the output slack y − 0.5 is largest with λ_A = 1: s⁺ = 0.5, weakly efficient,
//      reference set {A}.
// CCR on the same data is y/x over the best ratio (B's, 1): A 0.5, B 1, C 0.75, D 0.6, H 0.25,
// each ≤ its BCC score (A and C are BCC- but not CCR-efficient: scale inefficiency).
const small: DeaUnit[] = [
  { id: 'A', inputs: [2], outputs: [1] },
  { id: 'B', inputs: [4], outputs: [4] },
  { id: 'C', inputs: [8], outputs: [6] },
  { id: 'D', inputs: [5], outputs: [3] },
  { id: 'H', inputs: [2], outputs: [0.5] },
];

describe('BCC, input-oriented (Banker, Charnes & Cooper 1984)', () => {
  it('gives the hand-checked scores, peers and slacks', async () => {
    const results = byId(await dea(small, { model: 'bcc' }));
    const scores = Object.fromEntries([...results].map(([id, r]) => [id, r.efficiency]));
    expect(scores.A).toBe(1);
    expect(scores.B).toBe(1);
    expect(scores.C).toBe(1);
    expect(scores.D).toBeCloseTo(2 / 3, 10);
    expect(scores.H).toBe(1);
    const d = get(results, 'D');
    expect(d.peers).toEqual(['A', 'B']);
    expect(d.lambdas[0]!.weight).toBeCloseTo(1 / 3, 10);
    expect(d.lambdas[1]!.weight).toBeCloseTo(2 / 3, 10);
    expect(d.targets.inputs[0]).toBeCloseTo(10 / 3, 10);
    const h = get(results, 'H');
    expect(h.efficient).toBe(false);
    expect(h.peers).toEqual(['A']);
    expect(h.slacks.outputs[0]).toBeCloseTo(0.5, 10);
    expect(h.targets.outputs[0]).toBeCloseTo(1, 10);
    expect(['A', 'B', 'C'].every((id) => get(results, id).efficient)).toBe(true);
  });

  it('gives the CCR scores of the same data, each ≤ its BCC score', async () => {
    const results = byId(await dea(small, { model: 'ccr' }));
    const expected: Record<string, number> = { A: 0.5, B: 1, C: 0.75, D: 0.6, H: 0.25 };
    for (const [id, score] of Object.entries(expected)) {
      expect(get(results, id).efficiency, id).toBeCloseTo(score, 10);
    }
  });

  // each run solves linear programs: a slow machine under a parallel test run needs more than 5 s
  it('BCC efficiency ≥ CCR efficiency for every unit (random data)', { timeout: 60_000 }, async () => {
    const unitsArb = fc
      .record({ m: fc.integer({ min: 1, max: 3 }), s: fc.integer({ min: 1, max: 3 }) })
      .chain(({ m, s }) =>
        fc.array(
          fc.record({
            inputs: fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: m, maxLength: m }),
            outputs: fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: s, maxLength: s }),
          }),
          { minLength: 1, maxLength: 10 },
        ),
      );
    await fc.assert(
      fc.asyncProperty(unitsArb, async (raw) => {
        const units = raw.map((u, k) => ({ id: `u${k}`, ...u }));
        const ccr = await dea(units, { model: 'ccr' });
        const bcc = await dea(units, { model: 'bcc' });
        ccr.forEach((c, k) => {
          const b = bcc[k]!;
          expect(b.id).toBe(c.id);
          expect(c.efficiency).toBeGreaterThan(0);
          expect(b.efficiency).toBeLessThanOrEqual(1);
          expect(b.efficiency).toBeGreaterThanOrEqual(c.efficiency - 1e-9);
        });
      }),
      // under mutation testing (vitest.mutation.config.ts) each mutant of dea.ts runs this again
      { numRuns: process.env.NAZER_MUTATION === '1' ? 8 : 30 },
    );
  });
});

describe('an industry of 200 companies, 2 inputs and 2 outputs (seeded random data)', () => {
  // inputs: employees, total assets (million IRR); outputs: revenue (million IRR), production
  // (tonnes). Sizes spread over two orders of magnitude, with noise around a common technology.
  const rng = createRng(16);
  // 40 under mutation testing (vitest.mutation.config.ts), where each mutant of dea.ts runs this again
  const industry = process.env.NAZER_MUTATION === '1' ? 40 : 200;
  const companies: DeaUnit[] = Array.from({ length: industry }, (_, k) => {
    const size = 10 ** (rng.next() * 2);
    const noise = () => 0.5 + rng.next();
    return {
      id: `co${k + 1}`,
      inputs: [Math.round(50 * size * noise()) + 1, 2_000 * size * noise()],
      outputs: [1_500 * size * noise(), 300 * size * noise()],
    };
  });

  for (const model of ['ccr', 'bcc'] as const) {
    it(`${model}: every θ in (0, 1], one unit efficient at least, peers efficient`, {
      timeout: 60_000,
    }, async () => {
      const started = performance.now();
      const results = await dea(companies, { model });
      const elapsed = performance.now() - started;
      console.log(
        `DEA ${model.toUpperCase()}, ${industry} companies × (2 inputs, 2 outputs): ${elapsed.toFixed(0)} ms`,
      );
      expect(results).toHaveLength(industry);
      const index = byId(results);
      for (const r of results) {
        expect(r.efficiency).toBeGreaterThan(0);
        expect(r.efficiency).toBeLessThanOrEqual(1);
        // the reference set of a max-slack solution is made of efficient units (CST 2007, ch. 3)
        for (const peer of r.peers) expect(get(index, peer).efficient, `${r.id} → ${peer}`).toBe(true);
        // the target is the λ-combination of the peers
        const unit = companies.find((c) => c.id === r.id)!;
        unit.inputs.forEach((_, i) => {
          const combined = r.lambdas.reduce(
            (sum, l) => sum + l.weight * companies.find((c) => c.id === l.id)!.inputs[i]!,
            0,
          );
          expect(combined / r.targets.inputs[i]!).toBeCloseTo(1, 6);
        });
        unit.outputs.forEach((_, k) => {
          const combined = r.lambdas.reduce(
            (sum, l) => sum + l.weight * companies.find((c) => c.id === l.id)!.outputs[k]!,
            0,
          );
          expect(combined / r.targets.outputs[k]!).toBeCloseTo(1, 6);
        });
        if (model === 'bcc') expect(r.lambdas.reduce((sum, l) => sum + l.weight, 0)).toBeCloseTo(1, 8);
      }
      expect(results.some((r) => r.efficient)).toBe(true);
    });
  }
});

describe('errors (RangeError, English message)', () => {
  it('rejects an empty set', async () => {
    await expect(dea([], { model: 'ccr' })).rejects.toThrow(RangeError);
    await expect(dea([], { model: 'ccr' })).rejects.toThrow(/at least one unit/);
  });

  it('rejects mismatched numbers of inputs or outputs', async () => {
    const inputs = [
      { id: 'a', inputs: [1, 2], outputs: [1] },
      { id: 'b', inputs: [1], outputs: [1] },
    ];
    await expect(dea(inputs, { model: 'ccr' })).rejects.toThrow(/unit "b" has 1 inputs, expected 2/);
    const outputs = [
      { id: 'a', inputs: [1], outputs: [1] },
      { id: 'b', inputs: [1], outputs: [1, 2] },
    ];
    await expect(dea(outputs, { model: 'bcc' })).rejects.toThrow(RangeError);
    await expect(dea(outputs, { model: 'bcc' })).rejects.toThrow(/unit "b" has 2 outputs, expected 1/);
    await expect(dea([{ id: 'a', inputs: [], outputs: [1] }], { model: 'ccr' })).rejects.toThrow(
      /at least one input/,
    );
    await expect(dea([{ id: 'a', inputs: [1], outputs: [] }], { model: 'ccr' })).rejects.toThrow(
      /at least one output/,
    );
  });

  it('rejects zero, negative and non-finite data', async () => {
    const withValue = (value: number, where: 'inputs' | 'outputs'): DeaUnit[] => [
      { id: 'a', inputs: [1, 1], outputs: [1] },
      { id: 'b', inputs: [1, 1], outputs: [1], [where]: where === 'inputs' ? [1, value] : [value] },
    ];
    await expect(dea(withValue(0, 'inputs'), { model: 'ccr' })).rejects.toThrow(RangeError);
    await expect(dea(withValue(0, 'inputs'), { model: 'ccr' })).rejects.toThrow(
      /unit "b": input 2 is 0; .*greater than 0/,
    );
    await expect(dea(withValue(-3, 'outputs'), { model: 'bcc' })).rejects.toThrow(/unit "b": output 1 is -3/);
    await expect(dea(withValue(Number.NaN, 'inputs'), { model: 'ccr' })).rejects.toThrow(RangeError);
    await expect(dea(withValue(Number.POSITIVE_INFINITY, 'outputs'), { model: 'ccr' })).rejects.toThrow(
      RangeError,
    );
  });

  it('rejects a repeated or empty id and an unknown model or orientation', async () => {
    const twice = [
      { id: 'a', inputs: [1], outputs: [1] },
      { id: 'a', inputs: [2], outputs: [1] },
    ];
    await expect(dea(twice, { model: 'ccr' })).rejects.toThrow(/"a" appears more than once/);
    await expect(dea([{ id: '', inputs: [1], outputs: [1] }], { model: 'ccr' })).rejects.toThrow(RangeError);
    await expect(dea(hospitals, { model: 'sbm' as 'ccr' })).rejects.toThrow(RangeError);
    await expect(dea(hospitals, { model: 'ccr', orientation: 'output' as 'input' })).rejects.toThrow(
      RangeError,
    );
  });

  it('names what is wrong', async () => {
    await expect(dea([{ id: '', inputs: [1], outputs: [1] }], { model: 'ccr' })).rejects.toThrow(
      new RangeError('every DEA unit needs a non-empty id'),
    );
    await expect(
      dea([{ id: 7 as unknown as string, inputs: [1], outputs: [1] }], { model: 'ccr' }),
    ).rejects.toThrow(new RangeError('every DEA unit needs a non-empty id'));
    await expect(dea(hospitals, { model: 'sbm' as 'ccr' })).rejects.toThrow(
      new RangeError("DEA model must be 'ccr' or 'bcc', got sbm"),
    );
    await expect(dea(hospitals, { model: 'ccr', orientation: 'output' as 'input' })).rejects.toThrow(
      new RangeError("DEA orientation must be 'input', got output"),
    );
    // input orientation, the only one, may be named
    await expect(dea(hospitals, { model: 'ccr', orientation: 'input' })).resolves.toHaveLength(
      hospitals.length,
    );
  });
});
