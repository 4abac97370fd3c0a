/**
 * Combat damage assignment (465.2) as a first-class API.
 *
 * - {@link preview}: for a unit and a candidate input, fold the unit's replacement effects in its
 *   controller's order — with the core kernel, on a one-occurrence event, so the same engine
 *   semantics apply — and return the applied amount, what is prevented, what would be dealt and
 *   whether it is lethal (437.5.a, 465.2.c.5);
 * - {@link minimumLethalInput}: the least input whose applied value is lethal (465.2.c.4.a), or
 *   a typed `Never` (437.5.b Prevent All; 465.2.c.10 a unit that can't be dealt damage);
 * - {@link validateAssignment}: every violation of a proposed split of the assigning side's total
 *   among the units (465.2.c, c.3, c.4, c.4.a, c.6–c.10, 815 Tank, 826 Backline);
 * - {@link solveAssignment}: a legal split, or a best one for a goal ("kill as many as possible");
 * - {@link resolveAssignment}: assigns and deals: the replacement effects apply to the assignment
 *   and are not applied again when the damage is dealt (465.2.c.5).
 *
 * One combat, one sum (RB-19): a unit's Might is the same in every form. A question takes the
 * unit's {@link Side} (`attacker`: its Assault counts, 807.1.c; `defender`: its Shield, 814.1.c);
 * a {@link Proposal} and a solve request that name their `attackers` work the total out from them
 * ({@link summedMight}: their summed current Might, a stunned unit adding nothing, 465.2.a,
 * 423.1.b) with the units in combat ({@link inCombat}).
 *
 * The pure rule checks ({@link check}, {@link solveWith}) work on {@link UnitInfo} values, so
 * they can be tested and reused without a game view.
 *
 * @since 0.1.0
 * @module
 */
import type { Chooser, GameView, Ledger, Policy } from "@bulwark/core"
import type * as Rules from "./Rules.js"

export { assignmentEvent, dealEvent, resolveAssignment, withDealing } from "./internal/combat/dealing.js"
export { isLegalAssignment, solveAssignment, validateAssignment } from "./internal/combat/game.js"
export { minimumLethalInput, unitInfos } from "./internal/combat/lethal.js"
export { orderedChooser, preview } from "./internal/combat/preview.js"
export { designate, inCombat, summedMight, withSide } from "./internal/combat/roles.js"
export { check, solveWith } from "./internal/combat/rules.js"

/**
 * A unit's side in a combat: `attacker` (its Assault counts, 807.1.c: "While I am an attacker, I
 * have +X [M]") or `defender` (its Shield, 814.1.c: "While I am a defender, I have +X [M]").
 *
 * @example
 * ```ts
 * import type { Combat } from "@bulwark/riftbound"
 * const s: Combat.Side = "attacker"
 * ```
 * @since 0.1.0
 * @category model
 */
export type Side = "attacker" | "defender"

/**
 * What the combat functions read: the game view and ledger at the time of assignment, and
 * optionally the chooser that answers the defending side's decisions (the order of replacement
 * effects, 372; "may" effects, 371.2) and the rules (default {@link Rules.rules}).
 *
 * Without a chooser, a unit's declared `order` is used if it has one, and otherwise each
 * decision is answered by `Chooser.bestForChooser()`: the unit's controller orders so that their
 * unit takes as little damage as possible.
 *
 * @example
 * ```ts
 * import { GameView, Ledger } from "@bulwark/core"
 * import type { Combat } from "@bulwark/riftbound"
 * const ctx: Combat.Context = { view: GameView.make({ players: ["A", "B"], activePlayer: "A" }), ledger: Ledger.empty }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Context {
  readonly view: GameView.GameView
  readonly ledger: Ledger.Ledger
  readonly chooser?: Chooser.SyncChooser | undefined
  readonly rules?: Policy.Rules | undefined
}

/**
 * The result of {@link preview}.
 *
 * - `input`: the damage assigned before replacement effects;
 * - `applied`: the damage after them, counting what is prevented ("the unit will have 4 damage
 *   assigned to it", 465.2.c.5 third example);
 * - `prevented`, `dealt` (`applied − prevented`);
 * - `lethal`: whether the unit would then have lethal damage marked (142.4.b, 437.5.a);
 * - `effects`: the effects that applied, in order; `notes`: interpretations used, with rules.
 *
 * @example
 * ```ts
 * import type { Combat } from "@bulwark/riftbound"
 * const p: Combat.Preview = { unit: "U", input: 2, applied: 4, prevented: 0, dealt: 4, lethal: true,
 *   needed: 3, effects: ["lotus"], notes: [] }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Preview {
  readonly unit: string
  readonly input: number
  readonly applied: number
  readonly prevented: number
  readonly dealt: number
  readonly lethal: boolean
  /** Damage still needed for lethal: the unit's Might minus its marked damage (at least 1). */
  readonly needed: number
  readonly effects: ReadonlyArray<string>
  readonly notes: ReadonlyArray<string>
}

/**
 * The minimum lethal input of a unit: `Lethal` with the least input whose applied value is lethal
 * (465.2.c.4.a), or `Never` with the rule that makes no amount lethal. `exempt` is true for a
 * unit that can't be dealt damage: it is exempt from any considerations of mandatory assignment
 * (465.2.c.10). A unit with Prevent All is never lethal (437.5.b) but is not exempt.
 *
 * @example
 * ```ts
 * import type { Combat } from "@bulwark/riftbound"
 * const m: Combat.MinimumLethal = { _tag: "Lethal", input: 2, applied: 4, prevented: 0, dealt: 4 }
 * const n: Combat.MinimumLethal = { _tag: "Never", rule: "437.5.b", reason: "Prevent All", exempt: false }
 * ```
 * @since 0.1.0
 * @category model
 */
export type MinimumLethal =
  | {
      readonly _tag: "Lethal"
      readonly input: number
      readonly applied: number
      readonly prevented: number
      readonly dealt: number
    }
  | { readonly _tag: "Never"; readonly rule: string; readonly reason: string; readonly exempt: boolean }

/**
 * What the assignment rules need to know of one unit: its controller, Tank / Backline, and its
 * minimum lethal input. `increases` says its replacement effects make the applied damage larger
 * than the input (465.2.c.4.a).
 *
 * @example
 * ```ts
 * import type { Combat } from "@bulwark/riftbound"
 * const u: Combat.UnitInfo = { id: "U", controller: "B", tank: false, backline: false, min: 2, exempt: false, increases: true }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface UnitInfo {
  readonly id: string
  readonly controller: string
  readonly tank: boolean
  readonly backline: boolean
  /** The minimum lethal input, or `"never"`. */
  readonly min: number | "never"
  readonly exempt: boolean
  readonly increases: boolean
}

/**
 * One broken rule: the rule, the unit concerned (if one), and an explanation.
 *
 * @example
 * ```ts
 * import type { Combat } from "@bulwark/riftbound"
 * const v: Combat.Violation = { rule: "465.2.c.4", unit: "U1", message: "U1 is assigned 3, more than the 2 needed for lethal, while other units remain" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Violation {
  readonly rule: string
  readonly unit?: string
  readonly message: string
}

/**
 * Which requirement a unit with both Tank and Backline fulfils (465.2.c.8).
 *
 * @example
 * ```ts
 * import type { Combat } from "@bulwark/riftbound"
 * const r: Combat.Role = "tank"
 * ```
 * @since 0.1.0
 * @category model
 */
export type Role = "tank" | "normal" | "backline"

/**
 * A proposed assignment: the total to assign (the assigning side's summed Might, 465.2.a–c),
 * the units it is assigned among, the split, and optionally the roles chosen for units with both
 * Tank and Backline (465.2.c.8) and whether Backline is ignored (766).
 *
 * `attackers`: the attacking units. The `units` are then in combat with them (the
 * attackers' Assault and the defenders' Shield count, 807.1.c, 814.1.c) and, without a `total`,
 * the total is the attackers' summed Might ({@link summedMight}, 465.2.a). With neither, the
 * total is the sum of the split (only the split's own rules are checked).
 *
 * @example
 * ```ts
 * import type { Combat } from "@bulwark/riftbound"
 * const p: Combat.Proposal = { total: 5, units: ["U1", "U2", "U3", "U4"], assign: { U1: 2, U2: 2, U3: 1 } }
 * const q: Combat.Proposal = { attackers: ["X"], units: ["U1"], assign: { U1: 5 } }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Proposal {
  readonly total?: number | undefined
  readonly attackers?: ReadonlyArray<string> | undefined
  readonly units: ReadonlyArray<string>
  readonly assign: Readonly<Record<string, number>>
  readonly roles?: Readonly<Record<string, "tank" | "backline">> | undefined
  readonly ignoreBackline?: boolean | undefined
}

/**
 * The result of a validation: `legal` (no violations), every violation, the roles used for
 * units with Tank and Backline, and each unit's input and minimum lethal input; `total`,
 * when the proposal named its attackers: the total worked out from them (465.2.a).
 *
 * @example
 * ```ts
 * import type { Combat } from "@bulwark/riftbound"
 * const ok = (v: Combat.Validation) => v.legal && v.violations.length === 0
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Validation {
  readonly total?: number
  readonly legal: boolean
  readonly violations: ReadonlyArray<Violation>
  readonly roles: Readonly<Record<string, Role>>
  readonly units: Readonly<
    Record<string, { readonly input: number; readonly min: number | "never"; readonly exempt: boolean }>
  >
}

/**
 * What a solver optimises: `legal` (any legal split, Tank first, Backline last, units in the
 * order given) or `killMost` (as many units with lethal damage as possible).
 *
 * @example
 * ```ts
 * import type { Combat } from "@bulwark/riftbound"
 * const g: Combat.Goal = "killMost"
 * ```
 * @since 0.1.0
 * @category model
 */
export type Goal = "legal" | "killMost"

/**
 * A solved assignment: the split, the sequence in which units got their damage, the roles
 * chosen, and how many units get lethal damage (and the total, when it was worked out from the
 * attackers).
 *
 * @example
 * ```ts
 * import type { Combat } from "@bulwark/riftbound"
 * const s: Combat.Solution = { assign: { U1: 2, U2: 2, U3: 1 }, sequence: ["U1", "U2", "U3"], roles: {}, kills: 2 }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Solution {
  /** The total worked out from the request's attackers (465.2.a), when it named them. */
  readonly total?: number
  readonly assign: Readonly<Record<string, number>>
  readonly sequence: ReadonlyArray<string>
  readonly roles: Readonly<Record<string, Role>>
  readonly kills: number
}
