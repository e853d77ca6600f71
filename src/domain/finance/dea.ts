import highsLoader, { type Highs, type LegacyHighsSolution } from 'highs';

/**
 * Data envelopment analysis (DEA, تحلیل پوششی داده‌ها) of the companies of one industry and one
 * year: how far each company (a decision-making unit, DMU) could shrink all its inputs in the
 * same proportion and still produce its outputs, against the frontier the other companies draw.
 *
 * Models, input-oriented, envelopment form, for the unit under evaluation o among n units with
 * m inputs x_ij and s outputs y_rj:
 *   CCR (constant returns to scale): Charnes, A., Cooper, W. W. & Rhodes, E. (1978), "Measuring
 *       the efficiency of decision making units", European Journal of Operational Research 2(6):
 *       429–444.
 *         min θ  s.t.  Σ_j λ_j x_ij ≤ θ x_io  (each input i)
 *                      Σ_j λ_j y_rj ≥ y_ro    (each output r)
 *                      λ ≥ 0, θ free
 *   BCC (variable returns to scale): Banker, R. D., Charnes, A. & Cooper, W. W. (1984), "Some
 *       models for estimating technical and scale inefficiencies in data envelopment analysis",
 *       Management Science 30(9): 1078–1092. The CCR model plus Σ_j λ_j = 1.
 * Two phases, as Cooper, W. W., Seiford, L. M. & Tone, K. (2007), "Data Envelopment Analysis: A
 * Comprehensive Text with Models, Applications, References and DEA-Solver Software", 2nd ed.,
 * Springer, ch. 3 (CCR) and ch. 4 (BCC) do it:
 *   phase 1 gives θ*; phase 2 fixes θ = θ* and maximises the sum of the slacks
 *         max Σ_i s⁻_i + Σ_r s⁺_r  s.t.  Σ_j λ_j x_ij + s⁻_i = θ* x_io,  Σ_j λ_j y_rj − s⁺_r = y_ro,
 *                                        (BCC: Σ_j λ_j = 1),  λ, s⁻, s⁺ ≥ 0,
 * so a weakly efficient unit (θ* = 1 with a slack left) is told its slack, its reference set is
 * made of efficient units only (CST 2007, ch. 3, the max-slack solution), and its projection
 * (θ* x_o − s⁻, y_o + s⁺) lies on the efficient frontier.
 *
 * Units. θ and λ do not depend on the units of the data: scaling one input or one output of
 * every company by the same factor changes neither. The data may be in any unit, the same for
 * every company (e.g. inputs: employees, total assets in million IRR; outputs: revenue in
 * million IRR); slacks and targets come back in the unit of the matching input or output. The
 * phase-2 sum of slacks is unweighted, as in CST (2007), so WHICH of several max-slack
 * solutions is reported for a weakly efficient unit can depend on the units; θ never does.
 *
 * Data: every input and output must be a finite number > 0 (the positive-data assumption of
 * CCR 1978 and CST 2007, ch. 2–3). Errors are RangeErrors with an English message (the API
 * layer translates): no units, an empty or repeated id, no input or no output, a unit whose
 * number of inputs or outputs differs from the first unit's, a value that is not a finite
 * positive number, or an unknown model or orientation.
 *
 * Solver: HiGHS (Huangfu & Hall; ERGO-Code, University of Edinburgh) compiled to WebAssembly,
 * the npm package `highs`, loaded once per process (a module-level promise) and fed each LP in
 * CPLEX LP format. Each `solve` is synchronous, so a call blocks the thread it runs on for the
 * 2n small LPs it solves.
 *
 * Numerical tolerance: θ within 1e-8 of 1 is reported as exactly 1; a slack smaller than 1e-8
 * of the unit's own value of that input or output is reported as 0; a λ whose contribution to
 * every output of the unit is below 1e-8 of it is left out of `lambdas`.
 */

/**
 * One company, a decision-making unit (DMU) in the sense of Charnes, Cooper & Rhodes (1978):
 * inputs and outputs in the same order and units for every unit of the set.
 */
export interface DeaUnit {
  /** Identifier of the unit, unique within the set. */
  id: string;
  /** Inputs x_·j (each finite and > 0), e.g. [employees, total assets in million IRR]. */
  inputs: number[];
  /** Outputs y_·j (each finite and > 0), e.g. [revenue in million IRR]. */
  outputs: number[];
}

/**
 * Model and orientation: `ccr` (Charnes, Cooper & Rhodes 1978, constant returns to scale) or
 * `bcc` (Banker, Charnes & Cooper 1984, variable returns to scale); input orientation only.
 */
export interface DeaOptions {
  model: 'ccr' | 'bcc';
  orientation?: 'input';
}

/** One intensity λ_j of a unit's max-slack solution (CST 2007, ch. 3): the weight of unit `id`. */
export interface DeaLambda {
  id: string;
  weight: number;
}

/**
 * The result of one unit (CCR 1978 / BCC 1984, input-oriented, two-phase as CST 2007, ch. 3–4).
 */
export interface DeaResult {
  id: string;
  /** θ*, 0 < θ* ≤ 1: the proportion to which all inputs could shrink (dimensionless). */
  efficiency: number;
  /**
   * Efficient in the full (Pareto–Koopmans) sense of CST (2007), definition 3.2 (CCR) and 4.1
   * (BCC): θ* = 1 and every slack zero. θ* = 1 with a slack left is "weakly efficient": false.
   */
  efficient: boolean;
  /** The non-zero λ_j of the phase-2 (max-slack) solution, in the order of the units given. */
  lambdas: DeaLambda[];
  /** The ids of its reference set: the (efficient) units with λ_j > 0, in the order given. */
  peers: string[];
  /** Projection on the frontier: inputs θ*·x_o − s⁻, outputs y_o + s⁺ (units of the data). */
  targets: { inputs: number[]; outputs: number[] };
  /** Max-slack solution: input excesses s⁻ and output shortfalls s⁺ (units of the data). */
  slacks: { inputs: number[]; outputs: number[] };
}

const TOLERANCE = 1e-8;

let solverPromise: Promise<Highs> | undefined;

/** The HiGHS runtime, loaded once and shared; a failed load is retried by the next call. */
function loadSolver(): Promise<Highs> {
  solverPromise ??= highsLoader().catch((error: unknown) => {
    solverPromise = undefined;
    throw error;
  });
  return solverPromise;
}

function validate(units: readonly DeaUnit[], opts: DeaOptions): void {
  if (opts.model !== 'ccr' && opts.model !== 'bcc') {
    throw new RangeError(`DEA model must be 'ccr' or 'bcc', got ${String(opts.model)}`);
  }
  if (opts.orientation !== undefined && opts.orientation !== 'input') {
    throw new RangeError(`DEA orientation must be 'input', got ${String(opts.orientation)}`);
  }
  const first = units[0];
  if (first === undefined) throw new RangeError('DEA needs at least one unit, got none');
  const m = first.inputs.length;
  const s = first.outputs.length;
  if (m === 0) throw new RangeError(`DEA needs at least one input; unit "${first.id}" has none`);
  if (s === 0) throw new RangeError(`DEA needs at least one output; unit "${first.id}" has none`);
  const seen = new Set<string>();
  for (const unit of units) {
    if (typeof unit.id !== 'string' || unit.id === '') {
      throw new RangeError('every DEA unit needs a non-empty id');
    }
    if (seen.has(unit.id)) throw new RangeError(`DEA unit id "${unit.id}" appears more than once`);
    seen.add(unit.id);
    if (unit.inputs.length !== m) {
      throw new RangeError(
        `unit "${unit.id}" has ${unit.inputs.length} inputs, expected ${m} like unit "${first.id}"`,
      );
    }
    if (unit.outputs.length !== s) {
      throw new RangeError(
        `unit "${unit.id}" has ${unit.outputs.length} outputs, expected ${s} like unit "${first.id}"`,
      );
    }
    const check = (kind: 'input' | 'output', values: readonly number[]) => {
      values.forEach((value, k) => {
        if (!Number.isFinite(value) || value <= 0) {
          throw new RangeError(
            `unit "${unit.id}": ${kind} ${k + 1} is ${String(value)}; DEA (CCR/BCC) needs every ` +
              'input and output to be a finite number greater than 0',
          );
        }
      });
    };
    check('input', unit.inputs);
    check('output', unit.outputs);
  }
}

/** `coef name` as an LP-format term with its sign (coefficients are finite and, the data being positive, never 0). */
function term(coef: number, name: string): string {
  return `${coef < 0 ? '-' : '+'} ${String(Math.abs(coef))} ${name}`;
}

/**
 * `Σ_j coef(j) λ_j` over every unit, as LP-format terms, eight to a line: the CPLEX LP format lets
 * a row go on over several lines, and short lines keep clear of the line-length limits of
 * some LP readers (a row of 200 units would otherwise be some 3,000 characters long).
 */
function lambdaSum(n: number, coef: (j: number) => number): string {
  const lines: string[] = [];
  for (let start = 0; start < n; start += 8) {
    const terms: string[] = [];
    for (let j = start; j < Math.min(n, start + 8); j++) terms.push(term(coef(j), `l${j}`));
    lines.push(terms.join(' '));
  }
  return lines.join('\n   ');
}

/** Phase 1 (CCR 1978; BCC 1984 adds the convexity row): min θ. */
function phase1Lp(units: readonly DeaUnit[], o: number, bcc: boolean): string {
  const n = units.length;
  const unit = units[o]!;
  const rows: string[] = [];
  unit.inputs.forEach((xo, i) => {
    rows.push(` in${i}: ${lambdaSum(n, (j) => units[j]!.inputs[i]!)} ${term(-xo, 'theta')} <= 0`);
  });
  unit.outputs.forEach((yo, r) => {
    rows.push(` out${r}: ${lambdaSum(n, (j) => units[j]!.outputs[r]!)} >= ${String(yo)}`);
  });
  if (bcc) rows.push(` convex: ${lambdaSum(n, () => 1)} = 1`);
  return ['Minimize', ' obj: + 1 theta', 'Subject To', ...rows, 'Bounds', ' theta free', 'End'].join('\n');
}

/** Phase 2 (CST 2007, ch. 3): θ fixed at θ*, max Σ s⁻ + Σ s⁺. */
function phase2Lp(units: readonly DeaUnit[], o: number, bcc: boolean, theta: number): string {
  const n = units.length;
  const unit = units[o]!;
  const rows: string[] = [];
  const slackNames: string[] = [];
  unit.inputs.forEach((xo, i) => {
    slackNames.push(`si${i}`);
    rows.push(` in${i}: ${lambdaSum(n, (j) => units[j]!.inputs[i]!)} + 1 si${i} = ${String(theta * xo)}`);
  });
  unit.outputs.forEach((yo, r) => {
    slackNames.push(`so${r}`);
    rows.push(` out${r}: ${lambdaSum(n, (j) => units[j]!.outputs[r]!)} - 1 so${r} = ${String(yo)}`);
  });
  if (bcc) rows.push(` convex: ${lambdaSum(n, () => 1)} = 1`);
  const objective = slackNames.map((name) => `+ 1 ${name}`).join(' ');
  return ['Maximize', ` obj: ${objective}`, 'Subject To', ...rows, 'End'].join('\n');
}

/** Runs one LP; anything but an optimum is a bug in the model or the data checks, so it throws. */
function solveLp(highs: Highs, lp: string, what: string): LegacyHighsSolution {
  const solution = highs.solve(lp, {});
  if (solution.Status !== 'Optimal') {
    throw new Error(`DEA: the ${what} LP ended with status "${solution.Status}" instead of an optimum`);
  }
  return solution;
}

function primal(solution: LegacyHighsSolution, name: string): number {
  const column = solution.Columns[name];
  // A column with no non-zero coefficient would be absent; with positive data none is.
  return column !== undefined && 'Primal' in column ? column.Primal : 0;
}

/** A non-negative quantity with solver noise below `TOLERANCE × scale` set to 0. */
function clean(value: number, scale: number): number {
  return value <= TOLERANCE * scale ? 0 : value;
}

/**
 * Input-oriented DEA, envelopment form, of every unit against the whole set: CCR (Charnes, Cooper
 * & Rhodes 1978, EJOR 2(6): 429–444) or BCC (Banker, Charnes & Cooper 1984, Management Science
 * 30(9): 1078–1092), each in two phases (θ*, then the max-slack solution at θ*) as Cooper,
 * Seiford & Tone (2007), "Data Envelopment Analysis", 2nd ed., ch. 3–4. One result per unit, in
 * the order given. Throws a RangeError on invalid data (see the module comment).
 */
export async function dea(given: readonly DeaUnit[], opts: DeaOptions): Promise<DeaResult[]> {
  validate(given, opts);
  const highs = await loadSolver();
  const bcc = opts.model === 'bcc';
  const n = given.length;
  // Each input and output divided by its mean over the units: both models are units-invariant
  // (CST 2007, ch. 3: θ* and λ do not change when a row of the data is multiplied by a positive
  // constant), and the LPs stay well scaled when amounts in million IRR sit beside head counts.
  // Slacks and targets are multiplied back.
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const inScale = given[0]!.inputs.map((_, i) => mean(given.map((u) => u.inputs[i]!)));
  const outScale = given[0]!.outputs.map((_, r) => mean(given.map((u) => u.outputs[r]!)));
  const units = given.map((u) => ({
    id: u.id,
    inputs: u.inputs.map((x, i) => x / inScale[i]!),
    outputs: u.outputs.map((y, r) => y / outScale[r]!),
  }));
  return units.map((unit, o) => {
    const first = solveLp(highs, phase1Lp(units, o, bcc), `phase-1 (unit "${unit.id}")`);
    const rawTheta = primal(first, 'theta');
    const theta = rawTheta >= 1 - TOLERANCE ? 1 : rawTheta;
    // θ* as the solver printed it may sit a hair below the true optimum, which makes θ* fixed
    // infeasible by rounding alone: then θ* is raised by a relative 1e-9 (far below TOLERANCE).
    let second: LegacyHighsSolution;
    try {
      second = solveLp(highs, phase2Lp(units, o, bcc, theta), `phase-2 (unit "${unit.id}")`);
    } catch {
      second = solveLp(
        highs,
        phase2Lp(units, o, bcc, Math.min(1, theta * (1 + 1e-9))),
        `phase-2 (unit "${unit.id}")`,
      );
    }

    const original = given[o]!;
    const inputSlacks = unit.inputs.map((xo, i) => clean(primal(second, `si${i}`), xo) * inScale[i]!);
    const outputSlacks = unit.outputs.map((yo, r) => clean(primal(second, `so${r}`), yo) * outScale[r]!);
    const lambdas: DeaLambda[] = [];
    for (let j = 0; j < n; j++) {
      const weight = primal(second, `l${j}`);
      const other = units[j]!;
      // contribution of unit j to the unit's outputs, relative to them (scale-free)
      const share = Math.max(...unit.outputs.map((yo, r) => (weight * other.outputs[r]!) / yo));
      if (share > TOLERANCE) lambdas.push({ id: other.id, weight });
    }
    return {
      id: unit.id,
      efficiency: theta,
      efficient: theta === 1 && inputSlacks.every((v) => v === 0) && outputSlacks.every((v) => v === 0),
      lambdas,
      peers: lambdas.map((lambda) => lambda.id),
      targets: {
        inputs: original.inputs.map((xo, i) => theta * xo - inputSlacks[i]!),
        outputs: original.outputs.map((yo, r) => yo + outputSlacks[r]!),
      },
      slacks: { inputs: inputSlacks, outputs: outputSlacks },
    };
  });
}
