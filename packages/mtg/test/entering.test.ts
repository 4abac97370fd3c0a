/**
 * Entering the battlefield (CR 614.1c, 614.12, 616.1b–g): "enters tapped", "enters as a copy",
 * "enters with counters", "as it enters, choose …", and a token's entering inside its creation,
 * each a generic `kind: replace` on the zone change to the battlefield (the `Entering` module).
 * Each test quotes the rule and can fail: the mutant tried is named beside it.
 */

import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import type { Ruleset } from "@bulwark/core"
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { ruleset } from "../src/index.js"

const check = (text: string) => {
  const r = parseScenario(text, "test.yaml", [ruleset])
  if (Result.isFailure(r)) throw new Error(`does not load: ${r.failure.message}`)
  return checkScenario(r.success)
}
const outcome = (text: string): Ruleset.Outcome => check(text).run.outcome

const bundled = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../scenarios/${name}`, import.meta.url)), "utf8")

const ESSENCE = "CR-616.1f-essence-of-the-wild.yaml"
const VOICE = "CR-616.1g-voice-of-all-doubling-season.yaml"

const file = (objects: string, effects: string, steps: string, rest = "") => `format: 3
ruleset: mtg
players: [ap, nap]
objects:
${objects}effects:
${effects}steps:
${steps}${rest}`

const sentinel =
  "  - { id: sentinel, name: Rusted Sentinel, controller: ap, zone: stack, types: [Artifact, Creature], power: 3, toughness: 4 }\n"
const essence =
  "  - { id: essence, name: Essence of the Wild, controller: ap, types: [Creature], subtypes: [Avatar], colors: [green], power: 6, toughness: 6 }\n"
const essenceCopy =
  "  - { kind: replace, id: essence-copy, controller: ap, source: essence, family: zoneChange, to: { types: [Creature], controller: you }, params: { to: battlefield }, setParams: { copyOf: essence } }\n"
const sentinelTapped =
  "  - { kind: replace, id: sentinel-tapped, controller: ap, source: sentinel, family: zoneChange, to: sentinel, params: { to: battlefield }, setParams: { tapped: true } }\n"
const enters = (id: string) =>
  `  - event: { id: e, occurrences: [{ id: z, family: zoneChange, to: ${id}, params: { from: stack, to: battlefield } }] }\n`

describe("enters tapped, enters as a copy (CR 614.1c, 614.12, 616.1c, 616.1f)", () => {
  /**
   * CR 614.1c: "Effects that read "[This permanent] enters with . . . ," "As [this permanent]
   * enters . . . ," or "[This permanent] enters as . . . ," are replacement effects." Rusted
   * Sentinel: "Rusted Sentinel enters tapped." Mutant tried: `Entering.entered` ignoring the
   * `tapped` param — the Sentinel enters untapped: fails.
   */
  it("614.1c: without Essence of the Wild, Rusted Sentinel enters tapped", () => {
    const o = outcome(file(sentinel, sentinelTapped, enters("sentinel")))
    assert.strictEqual(o.state["sentinel"]?.["zone"], "battlefield")
    assert.strictEqual(o.state["sentinel"]?.["tapped"], true)
    assert.deepStrictEqual(o.events["e"]?.occurrences["z"]?.applied, ["sentinel-tapped"])
  })

  /**
   * CR 616.1f example: "As it enters the battlefield, the copy effect from Essence of the Wild is
   * applied first. As a result, it no longer has the ability that causes it to enter the
   * battlefield tapped. Rusted Sentinel will enter the battlefield as an untapped copy of Essence
   * of the Wild." CR 614.12: "check the characteristics of the permanent as it would exist on the
   * battlefield, taking into account replacement effects that have already modified how it enters
   * the battlefield". Mutant tried: `PREDICATE_OWN_ABILITY` always true — the Sentinel's own
   * effect still applies and it enters tapped: fails.
   */
  it("616.1f example (the bundled scenario): an untapped copy of Essence of the Wild", () => {
    const r = check(bundled(ESSENCE))
    assert.deepStrictEqual(r.mismatches, [])
    const s = r.run.outcome.state["sentinel"]
    assert.strictEqual(s?.["tapped"], undefined)
    assert.deepStrictEqual(
      [s?.["name"], s?.["power"], s?.["toughness"], s?.["copyOf"]],
      ["Essence of the Wild", 6, 6, "essence"]
    )
  })

  /**
   * CR 616.1c: "If any of the replacement and/or prevention effects would cause an object to
   * become a copy of another object as it enters the battlefield, one of them must be chosen."
   * Written in either order, the copy is applied first and nobody is asked: its tier comes from
   * what it does (`setParams: { copyOf }`). Mutant tried: `Entering.categoryOf` not reading
   * `copyOf` — both effects are in 616.1e's tier, the controller is asked: fails.
   */
  it("616.1c: the copy effect is applied first, without a choice, whatever the order written", () => {
    const o = outcome(file(essence + sentinel, sentinelTapped + essenceCopy, enters("sentinel")))
    assert.deepStrictEqual(o.decisions, [])
    assert.deepStrictEqual(o.events["e"]?.occurrences["z"]?.applied, ["essence-copy"])
    assert.strictEqual(o.state["sentinel"]?.["tapped"], undefined)
  })

  /**
   * CR 707.2: "When copying an object, the copy acquires the copiable values of the original
   * object's characteristics …" — name, types, subtypes, colours, power and toughness are the
   * original's, and what the original did not have (the Sentinel's Artifact type) is gone.
   * Mutant tried: `Entering.asCopy` keeping the object's own values — the name stays Rusted
   * Sentinel: fails.
   */
  it("707.2: the copy has the original's copiable values, and none of its own", () => {
    const o = outcome(file(essence + sentinel, essenceCopy, enters("sentinel")))
    const s = o.state["sentinel"]
    assert.deepStrictEqual(
      [s?.["name"], s?.["types"], s?.["subtypes"], s?.["colors"], s?.["power"], s?.["toughness"]],
      ["Essence of the Wild", ["Creature"], ["Avatar"], ["green"], 6, 6]
    )
  })

  /**
   * CR 616.1b: "If any of the replacement and/or prevention effects would modify under whose
   * control an object would enter the battlefield, one of them must be chosen." What it does
   * (`setParams: { controller }`) is its tier, and the permanent enters under that control.
   * Mutant tried: `Entering.entered` ignoring the `controller` param — it stays ap's: fails.
   */
  it("616.1b: an effect that changes under whose control it enters: applied first, and it does", () => {
    const o = outcome(
      file(
        sentinel,
        `${sentinelTapped}  - { kind: replace, id: steal, controller: nap, family: zoneChange, to: sentinel, params: { to: battlefield }, setParams: { controller: nap } }\n`,
        enters("sentinel")
      )
    )
    assert.deepStrictEqual(o.decisions, [])
    assert.deepStrictEqual(o.events["e"]?.occurrences["z"]?.applied, ["steal", "sentinel-tapped"])
    assert.strictEqual(o.state["sentinel"]?.["controller"], "nap")
  })
})

/** "[This creature] enters with two +1/+1 counters on it": the counters as its entering's additional part. */
const withCounters =
  '  - { kind: replace, id: counters, controller: ap, source: bear, family: zoneChange, to: bear, params: { to: battlefield }, setParams: { to: battlefield }, additional: [{ family: addCounters, amount: 2, params: { counter: "+1/+1" } }] }\n'
const bear =
  "  - { id: bear, name: Grizzly Bears, controller: ap, zone: stack, types: [Creature], power: 2, toughness: 2 }\n"
const doublingCounters =
  "  - { kind: replace, id: season-counters, controller: ap, family: addCounters, to: { controller: you }, times: 2 }\n"

describe("enters with counters (CR 614.1c, 122.6)", () => {
  /**
   * CR 614.1c: "[This permanent] enters with . . ." is a replacement effect. CR 122.6: "Some
   * spells and abilities refer to counters being "put" on an object. This refers to putting
   * counters on that object while it's on the battlefield and also to an object that's given
   * counters as it enters the battlefield." So Doubling Season's "If an effect would put one or
   * more counters on a permanent you control, it puts twice that many of those counters on that
   * permanent instead" doubles them. Mutant tried: the additional part of an effect not made
   * from the occurrence it applied to (core `instantiate` giving it to the effect's controller)
   * — the counters go to ap, not the bear: fails.
   */
  it("122.6: enters with two +1/+1 counters — a 4/4 — and Doubling Season doubles them", () => {
    const plain = outcome(file(bear, withCounters, enters("bear")))
    assert.deepStrictEqual(
      [plain.state["bear"]?.["zone"], plain.state["bear"]?.["power"], plain.state["bear"]?.["toughness"]],
      ["battlefield", 4, 4]
    )
    const doubled = outcome(file(bear, withCounters + doublingCounters, enters("bear")))
    assert.deepStrictEqual([doubled.state["bear"]?.["power"], doubled.state["bear"]?.["toughness"]], [6, 6])
  })

  /**
   * CR 614.12 with 616.1c: entering as a copy of Essence of the Wild, the creature no longer has
   * its own "enters with two +1/+1 counters" (as the Sentinel's "enters tapped", 616.1f's
   * example). Mutant tried: the generic kinds not applying `Entering.asItEnters` — the copy gets
   * the counters, an 8/8: fails.
   */
  it("614.12: a copy of Essence of the Wild does not get its own entering counters", () => {
    const o = outcome(file(essence + bear, withCounters + essenceCopy, enters("bear")))
    assert.deepStrictEqual(o.events["e"]?.occurrences["z"]?.applied, ["essence-copy"])
    assert.deepStrictEqual([o.state["bear"]?.["power"], o.state["bear"]?.["toughness"]], [6, 6])
  })
})

const voice =
  "  - { id: voice, name: Voice of All, controller: ap, zone: stack, types: [Creature], colors: [white], power: 2, toughness: 2 }\n"
const chooseColor = (c: string) =>
  `  - { kind: replace, id: choose-${c}, controller: ap, family: zoneChange, to: { name: Voice of All }, params: { to: battlefield }, setParams: { chosenColor: ${c} } }\n`
const colors = ["white", "blue", "black", "red", "green"].map(chooseColor).join("")

describe('"as it enters, choose …" (CR 614.12, 614.12a)', () => {
  /**
   * CR 614.12a: "If a replacement effect that modifies how a permanent enters the battlefield
   * requires a choice, that choice is made before the permanent enters the battlefield." Voice of
   * All: "As this creature enters, choose a color." — one `replace` per colour; its controller
   * chooses (616.1), once, and the permanent keeps the colour. Mutants tried:
   * `PREDICATE_NOT_CHOSEN` always true — after red, the other colours apply too and the last one
   * is kept: fails; `Entering.entered` not keeping `chosen…` params — no `chosenColor`: fails.
   */
  it("614.12a: the controller chooses one colour, once, before it enters; the permanent keeps it", () => {
    const o = outcome(file(voice, colors, enters("voice"), "decisions: [choose-red]\n"))
    assert.deepStrictEqual(
      o.decisions.map((d) => [d.kind, d.chooser, d.answer]),
      [["ChooseEffect", "ap", "choose-red"]]
    )
    assert.deepStrictEqual(o.events["e"]?.occurrences["z"]?.applied, ["choose-red"])
    assert.strictEqual(o.state["voice"]?.["chosenColor"], "red")
  })
})

describe("a token's entering is an event contained in its creation (CR 616.1g)", () => {
  /**
   * CR 616.1g example: "Because entering the battlefield is an event contained within the event
   * of creating a token, the effect of Doubling Season must be applied first, and then the
   * effects of the two Voice of All tokens may be applied in either order." CR 614.12 example:
   * "As that token is created, the token's controller chooses a color for it." Mutant tried:
   * `Entering.createTokens` putting the tokens straight onto the battlefield (no contained
   * event) — no colour is ever chosen for them: fails.
   */
  it("616.1g example (the bundled scenario): two tokens, then a colour chosen for each as it enters", () => {
    const r = check(bundled(VOICE))
    assert.deepStrictEqual(r.mismatches, [])
    const s = r.run.outcome.state
    assert.deepStrictEqual(
      ["t/token1", "t/token2"].map((id) => [
        s[id]?.["zone"],
        s[id]?.["controller"],
        s[id]?.["name"],
        s[id]?.["copyOf"],
        s[id]?.["chosenColor"]
      ]),
      [
        ["battlefield", "ap", "Voice of All", "voice", "red"],
        ["battlefield", "ap", "Voice of All", "voice", "blue"]
      ]
    )
    assert.strictEqual(s["t/token3"], undefined)
  })

  /**
   * "… the effects of the two Voice of All tokens may be applied in either order": each token's
   * colour is its own choice — the other answers give the other colours.
   */
  it("616.1g: each token's choice is its own (the other answers, the other colours)", () => {
    const text = bundled(VOICE)
      .replace("decisions: [choose-red, choose-blue]", "decisions: [choose-green, choose-green]")
      .replace(/^expect:[\s\S]*$/m, "")
    const s = outcome(text).state
    assert.deepStrictEqual(
      [s["t/token1"]?.["chosenColor"], s["t/token2"]?.["chosenColor"]],
      ["green", "green"]
    )
  })

  /**
   * CR 111.2: "The player who creates a token is its owner. The token enters the battlefield
   * under that player's control." An "enters tapped" for the tokens a player controls sees the
   * token as it enters. Mutant tried: `Entering.zones` without the zone `creating` as a control
   * zone — the token has no controller as it enters, the effect does not apply: fails.
   */
  it('111.2: a token entering is its creator\'s: "tokens you control enter tapped" sees it', () => {
    const o = outcome(
      file(
        "  - { id: orb, controller: ap, types: [Artifact] }\n",
        "  - { kind: replace, id: tapped, controller: ap, family: zoneChange, to: { controller: you }, params: { to: battlefield }, setParams: { tapped: true } }\n",
        "  - event: { id: e, occurrences: [{ id: t, family: createToken, to: ap, amount: 1, params: { name: Soldier } }] }\n"
      )
    )
    assert.deepStrictEqual(o.events["e"]?.occurrences["t:token1:enters"]?.applied, ["tapped"])
    assert.deepStrictEqual(
      [o.state["t/token1"]?.["zone"], o.state["t/token1"]?.["tapped"], o.state["t/token1"]?.["name"]],
      ["battlefield", true, "Soldier"]
    )
  })
})

/** "Creatures you control enter with an additional +1/+1 counter on them" (an anthem of ap's). */
const anthem = "  - { id: anthem, controller: ap, types: [Enchantment] }\n"
const youControlCounters =
  '  - { kind: replace, id: anthem-counter, controller: ap, source: anthem, family: zoneChange, to: { types: [Creature], controller: you }, params: { to: battlefield }, setParams: { to: battlefield }, additional: [{ family: addCounters, amount: 1, params: { counter: "+1/+1" } }] }\n'
const fromGraveyard = (id: string, extra = "") =>
  `  - event: { id: e, occurrences: [{ id: z, family: zoneChange, to: ${id}, params: { from: graveyard, to: battlefield${extra} } }] }\n`

describe("control as it would exist on the battlefield (CR 614.12, 616.1b)", () => {
  /**
   * CR 614.12: "To determine which replacement effects apply and how they apply, check the
   * characteristics of the permanent as it would exist on the battlefield". A card in a graveyard
   * has no controller there; put onto the battlefield (no one else named), it enters under its
   * owner's control (CR 110.2, a permanent's controller is "by default, the player under whose
   * control it entered the battlefield" — outside the excerpt), so ap's "creatures you control
   * enter with a +1/+1 counter" sees ap's card. Mutant tried: `asItEnters` leaving `controller:
   * you` as core's `ControlledBy` (no controller in the graveyard) — not applied, and the card
   * enters with no controller: fails.
   */
  it("614.12: a card from its owner's graveyard enters under its owner's control, and ap's 'you control' sees it", () => {
    const o = outcome(
      file(
        `${anthem}  - { id: bear, owner: ap, zone: graveyard, types: [Creature], power: 2, toughness: 2 }\n`,
        youControlCounters,
        fromGraveyard("bear")
      )
    )
    assert.deepStrictEqual(o.events["e"]?.occurrences["z"]?.applied, ["anthem-counter"])
    assert.deepStrictEqual(
      [o.state["bear"]?.["zone"], o.state["bear"]?.["controller"], o.state["bear"]?.["power"]],
      ["battlefield", "ap", 3]
    )
  })

  /**
   * The same with nap's card: it enters under nap's control, so ap's "creatures you control"
   * does not see it. Mutant tried: `controllerAsItEnters` giving the effect's controller (or
   * the object's stale `controller`) — applied: fails.
   */
  it("614.12: nap's card from nap's graveyard is nap's: ap's 'you control' does not apply", () => {
    const o = outcome(
      file(
        `${anthem}  - { id: bear, owner: nap, controller: ap, zone: graveyard, types: [Creature], power: 2, toughness: 2 }\n`,
        youControlCounters,
        fromGraveyard("bear")
      )
    )
    assert.deepStrictEqual(o.events["e"]?.occurrences["z"]?.applied, [])
    assert.strictEqual(o.state["bear"]?.["controller"], "nap")
  })

  /**
   * "Put it onto the battlefield under your control": the entering's `controller` param is the
   * player who puts it there (616.1b's tier when an effect sets it). ap puts nap's card onto the
   * battlefield under ap's control: ap's "you control" sees it, and ap controls it. Mutant tried:
   * the predicate ignoring the `controller` param (the owner's control) — not applied: fails.
   */
  it("616.1b: put onto the battlefield under ap's control, ap's 'you control' applies", () => {
    const o = outcome(
      file(
        `${anthem}  - { id: bear, owner: nap, zone: graveyard, types: [Creature], power: 2, toughness: 2 }\n`,
        youControlCounters,
        fromGraveyard("bear", ", controller: ap")
      )
    )
    assert.deepStrictEqual(o.events["e"]?.occurrences["z"]?.applied, ["anthem-counter"])
    assert.strictEqual(o.state["bear"]?.["controller"], "ap")
  })
})

/** Clone: "You may have Clone enter as a copy of any creature on the battlefield" (of `of`). */
const clone =
  "  - { id: clone, name: Clone, controller: ap, zone: stack, types: [Creature], power: 0, toughness: 0 }\n"
const cloneCopies = (of: string) =>
  `  - { kind: replace, id: clone-copy, controller: ap, source: clone, family: zoneChange, to: clone, params: { to: battlefield }, setParams: { copyOf: ${of} } }\n`
const sentinelOnField =
  "  - { id: sentinel, name: Rusted Sentinel, controller: ap, types: [Artifact, Creature], power: 3, toughness: 4 }\n"

describe("a copy has the copied object's entering abilities (CR 707.2, 616.1c, 616.1f)", () => {
  /**
   * CR 707.2: "the copy acquires the copiable values of the original object's characteristics" —
   * its rules text among them, so a copy of Rusted Sentinel ("Rusted Sentinel enters tapped")
   * enters tapped. CR 616.1f: "Once the chosen effect has been applied, this process is repeated
   * (taking into account only replacement or prevention effects that would now be applicable)":
   * the copy effect first (616.1c), then the Sentinel's ability, now the copy's. Mutant tried:
   * `asItEnters` without the copy's branch (`PREDICATE_ENTERS_AS_COPY_OF`) — the Sentinel's
   * effect watches only the Sentinel, the Clone enters untapped: fails.
   */
  it("707.2: Clone entering as a copy of Rusted Sentinel enters tapped", () => {
    const o = outcome(
      file(sentinelOnField + clone, sentinelTapped + cloneCopies("sentinel"), enters("clone"))
    )
    assert.deepStrictEqual(o.events["e"]?.occurrences["z"]?.applied, ["clone-copy", "sentinel-tapped"])
    assert.deepStrictEqual(
      [o.state["clone"]?.["name"], o.state["clone"]?.["tapped"], o.state["sentinel"]?.["tapped"]],
      ["Rusted Sentinel", true, undefined]
    )
  })

  /**
   * CR 122.6 with 707.2: a copy of a creature that "enters with two +1/+1 counters" enters with
   * them (the copy's additional counters: a 4/4 copy of the 2/2). Mutant tried: `asItEnters`
   * without the copy's branch — the Bears' effect watches only the Bears, the Clone is a 2/2:
   * fails.
   */
  it("122.6, 707.2: a copy of a creature that enters with counters enters with them", () => {
    const bearOnField =
      "  - { id: bear, name: Grizzly Bears, controller: ap, types: [Creature], power: 2, toughness: 2 }\n"
    const o = outcome(file(bearOnField + clone, withCounters + cloneCopies("bear"), enters("clone")))
    assert.deepStrictEqual(o.events["e"]?.occurrences["z"]?.applied, ["clone-copy", "counters"])
    assert.deepStrictEqual([o.state["clone"]?.["power"], o.state["clone"]?.["toughness"]], [4, 4])
  })

  /**
   * The copied ability is the original's only for what enters as a copy of it: a creature that
   * is not a copy is not tapped by Rusted Sentinel's ability. Mutant tried: the predicate true
   * for any entering — the Clone (no copy effect) enters tapped: fails.
   */
  it("a creature that is not a copy does not get the Sentinel's ability", () => {
    const o = outcome(file(sentinelOnField + clone, sentinelTapped, enters("clone")))
    assert.deepStrictEqual(o.events["e"]?.occurrences["z"]?.applied, [])
    assert.strictEqual(o.state["clone"]?.["tapped"], undefined)
  })
})
