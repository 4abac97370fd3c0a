/**
 * The playground's engine glue, run in Node: loading with line-precise problems, driving a
 * scenario decision by decision through the kernel, and the timeline snapshots.
 */

import type { Decision } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { allBundled, blank, findBundled, loadAllRulesets, offered, showcaseKey } from "../src/bundled.ts"
import {
  compare,
  drive,
  headingOf,
  load,
  madeByRules,
  mismatchList,
  question,
  shownValue,
  snapshotAt,
  upgrade
} from "../src/engine.ts"

// the page loads a ruleset and its files when a scenario needs them; the tests read them all
const rulesets = await loadAllRulesets()
const bundled = await allBundled()
const showcase = showcaseKey === undefined ? undefined : findBundled(showcaseKey)

/** MTG-09 in the one scenario language (format 4), with its own ids (independent of the package's file). */
const MTG09 = `format: 4
ruleset: mtg
title: "MTG-09: NAP orders a shield and a doubler (CR 616.1)"
players: [ap, nap]
objects:
  - { id: z, controller: nap, types: [Creature], power: 5, toughness: 5 }
  - { id: bolt, controller: ap, zone: stack, types: [Instant], colors: [red] }
effects:
  - { kind: shield, id: prevent-2, controller: nap, to: z, amount: 2 }
  - { kind: double, id: double, controller: ap, to: { types: [Creature] } }
steps:
  - event:
      id: hit
      occurrences: [{ id: d, source: bolt, to: z, amount: 3 }]
decisions: [prevent-2]
expect:
  events:
    hit:
      dealt: { z: 2 }
`

/** The same ruling as MTG09, as a format-1 file (mtg's own language before issue 16) had it. */
const MTG09_FORMAT1 = `# NAP orders them (CR 616.1)
ruleset: mtg
title: "MTG-09: NAP orders a shield and a doubler (CR 616.1)"
players: [ap, nap]
activePlayer: ap
objects:
  - { id: z, controller: nap, types: [Creature], power: 5, toughness: 5 }
  - { id: bolt, controller: ap, zone: stack, types: [Instant], colors: [red] }
effects:
  - { kind: shield, id: prevent-2, controller: nap, to: z, amount: 2 }
  - { kind: double, id: double, controller: ap, to: { types: [Creature] } }
steps:
  - event:
      id: hit
      damage: [{ id: d, source: bolt, to: z, amount: 3 }]
decisions: [prevent-2]
expect:
  events:
    hit:
      dealt: { z: 2 }
`

describe("upgrade: a text in an older format", () => {
  it("a text in the current format is kept as it is, without a note", () => {
    expect(upgrade(MTG09)).toEqual({ text: MTG09 })
  })

  it("a format-2 text (before the generic effects) is rewritten in format 4, with a note", () => {
    const u = upgrade(MTG09.replace(/^format: 4\n/, "format: 2\n"))
    expect(u.note).toMatch(/format 2; it was rewritten in format 4/)
    expect(u.text).toBe(MTG09)
  })

  it("not a scenario at all: kept for the loader to report", () => {
    expect(upgrade("players: [ap\n")).toEqual({ text: "players: [ap\n" })
  })

  /**
   * CR 616.1 (MTG-09): the format-1 file, rewritten, rules the same — NAP applies the shield
   * first, (3 − 2) × 2 = 2 — keeps its comment, and a note says it was rewritten.
   */
  it("a format-1 text is rewritten in format 4, with a note, and rules the same", () => {
    const u = upgrade(MTG09_FORMAT1)
    expect(u.note).toMatch(/format 1; it was rewritten in format 4/)
    expect(u.text).toMatch(/^# NAP orders them \(CR 616.1\)\nformat: 4\n/)
    const loaded = load(u.text, "old.yaml", rulesets)
    if (Result.isFailure(loaded)) throw new Error(JSON.stringify(loaded.failure))
    const d = drive(loaded.success, "script", [])
    expect(d.run?.outcome.events.hit?.dealt).toEqual({ z: 2 })
    expect(d.mismatches).toEqual([])
    expect(upgrade(u.text)).toEqual({ text: u.text })
  })
})

const mtg09 = () => {
  const loaded = load(MTG09, "MTG-09.yaml", rulesets)
  if (Result.isFailure(loaded)) throw new Error(JSON.stringify(loaded.failure))
  return loaded.success
}

describe("bundled scenarios", () => {
  it("bundles the packages' scenario files, MTG-09 among them, sorted by case number", () => {
    expect(showcase?.name).toMatch(/^MTG-09/)
    const mtg = bundled.filter((b) => b.ruleset === "mtg").map((b) => b.name)
    expect(mtg.indexOf("MTG-01")).toBeLessThan(mtg.indexOf(showcase?.name ?? ""))
    expect(mtg.indexOf("MTG-02")).toBeLessThan(mtg.indexOf("MTG-10-exile"))
    expect(rulesets.map((r) => r.id)).toContain("mtg")
  })
})

describe("the blank template", () => {
  it("is a format-3 scenario that every ruleset loads", () => {
    for (const r of rulesets) {
      const loaded = load(blank(r.id), "new.yaml", rulesets)
      expect(Result.isSuccess(loaded) ? [] : loaded.failure, r.id).toEqual([])
      expect(blank(r.id)).toMatch(/^format: 4\n/)
    }
  })
})

describe("driving MTG-09 (CR 616.1)", () => {
  /**
   * CR 616.1: "If two or more replacement and/or prevention effects are attempting to modify the
   * way an event affects an object or player, the affected object's controller … chooses one to
   * apply". Z (NAP's) would be dealt 3; prevent 2 first → (3 − 2) × 2 = 2; double first → 6 − 2 = 4.
   */
  it("stops at NAP's ordering choice, offering both effects", () => {
    const d = drive(mtg09(), "ask", [])
    expect(d.pending?.request._tag).toBe("ChooseEffect")
    expect(d.pending?.request.chooser).toBe("nap")
    expect([...(d.pending?.legal ?? [])].sort()).toEqual(["double", "prevent-2"])
    expect(d.run).toBeUndefined()
  })

  it("asks the question in the ruleset's words, with no tier id or '|' list (the trace's own text)", () => {
    const loaded = mtg09()
    const d = drive(loaded, "ask", [])
    const request = d.pending?.request
    if (request === undefined) throw new Error("no pending decision")
    const text = question(request, loaded.ruleset.words)
    expect(text).toContain("nap chooses which effect applies next to z")
    expect(text).toContain('prevent-2 "Prevent the next 2 damage that would be dealt to z"')
    expect(text).not.toMatch(/\(any\)|\|/)
  })

  it("prevent first: 2 dealt, the shield spent 2 → 0", () => {
    const d = drive(mtg09(), "ask", ["prevent-2"])
    expect(d.pending).toBeUndefined()
    expect(d.run?.outcome.events.hit?.dealt).toEqual({ z: 2 })
    expect(d.mismatches).toEqual([])
    const last = snapshotAt(d, d.entries.length - 1)
    expect(last.shields["prevent-2"]).toBe(0)
  })

  it("double first: 4 dealt (and the scenario's expectation of 2 is reported as a mismatch)", () => {
    const d = drive(mtg09(), "ask", ["double"])
    expect(d.run?.outcome.events.hit?.dealt).toEqual({ z: 4 })
    expect(d.mismatches?.length).toBeGreaterThan(0)
  })

  it("script mode uses the scenario's decisions: and matches its expect:", () => {
    const d = drive(mtg09(), "script", [])
    expect(d.decisions.map((x) => x.answer)).toEqual(["prevent-2"])
    expect(d.mismatches).toEqual([])
  })

  it("an answer that is not legal any more is asked again", () => {
    const d = drive(mtg09(), "ask", ["no-such-effect"])
    expect(d.pending?.request._tag).toBe("ChooseEffect")
  })

  it("the snapshot after the first application shows 3 → 1 with 2 prevented", () => {
    const d = drive(mtg09(), "ask", ["prevent-2"])
    const i = d.entries.findIndex((e) => e.record._tag === "Applied")
    const bar = snapshotAt(d, i).bars.find((b) => b.occurrence === "d")
    expect(bar).toMatchObject({ start: 3, amount: 1, prevented: 2, subject: "z" })
  })
})

describe("every bundled scenario", () => {
  it("can be driven to the end by always clicking the first button, and snapshots every step", () => {
    let driven = 0
    for (const b of bundled) {
      const loaded = load(b.text, b.fileName, rulesets)
      // every bundled file is in the current format and loads (the menu offers them all)
      if (Result.isFailure(loaded))
        expect.fail(`${b.key}: ${loaded.failure.map((p) => p.message).join("; ")}`)
      const answers: Array<Decision.Answer> = []
      let d = drive(loaded.success, "ask", answers)
      for (let guard = 0; d.pending !== undefined && guard < 50; guard++) {
        const first = d.pending.legal[0]
        expect(first, `${b.key}: a decision without legal answers`).toBeDefined()
        answers.push(first as Decision.Answer)
        d = drive(loaded.success, "ask", answers)
      }
      expect(d.pending, b.key).toBeUndefined()
      expect(d.run !== undefined || d.error !== undefined, b.key).toBe(true)
      for (let i = 0; i < d.entries.length; i++) snapshotAt(d, i)
      driven++
    }
    expect(driven).toBe(bundled.length)
  })
})

describe("problems at their line", () => {
  it("an unknown effect kind is reported at the line of the entry", () => {
    const text =
      "format: 2\nruleset: mtg\nplayers: [ap, nap]\nobjects: [{ id: z, controller: nap }]\neffects:\n  - { kind: sheild, id: s, controller: nap, to: z, amount: 2 }\nsteps: []\n"
    const r = load(text, "bad.yaml", rulesets)
    expect(Result.isFailure(r)).toBe(true)
    // issue 16, point 3: one mistake, one problem, at its line, with a "did you mean"
    if (Result.isFailure(r)) {
      expect(r.failure.map((p) => p.line)).toEqual([6])
      expect(r.failure[0]?.message).toContain('did you mean "shield"')
    }
  })

  it("a text in scenario format 1 is one problem that says so and can be rewritten", () => {
    const r = load(MTG09_FORMAT1, "old.yaml", rulesets)
    expect(Result.isFailure(r)).toBe(true)
    if (Result.isFailure(r)) {
      expect(r.failure).toHaveLength(1)
      expect(r.failure[0]?.outdated).toBe(true)
      expect(r.failure[0]?.message).toContain("scenario format 1")
      expect(r.failure[0]?.message).toContain("bulwark migrate")
    }
  })

  it("malformed YAML is reported with its line", () => {
    const r = load("ruleset: mtg\nplayers: [ap\n", "bad.yaml", rulesets)
    expect(Result.isFailure(r) ? r.failure[0]?.line : 0).toBeGreaterThan(0)
  })
})

/** The bundled showcase, MTG-09 with the shield first: its title states (3−2)×2 = 2. */
const showcaseLoaded = () => {
  if (showcase === undefined) throw new Error("no showcase")
  const loaded = load(showcase.text, showcase.fileName, rulesets)
  if (Result.isFailure(loaded)) throw new Error(JSON.stringify(loaded.failure))
  return loaded.success
}

describe("the heading and the ruling shown (MTG-09, CR 616.1)", () => {
  /**
   * CR 616.1e: "Any of the applicable replacement and/or prevention effects may be chosen." The
   * showcase's title says NAP applies the shield first, (3 − 2) × 2 = 2; answering "double"
   * instead shows 3 × 2 − 2 = 4. The heading may not then state 2 without a word.
   */
  it("after the other order, the heading says that the ruling shown is not the title's", () => {
    const loaded = showcaseLoaded()
    const other = drive(loaded, "ask", ["double"])
    expect(other.run?.outcome.events.e?.dealt).toEqual({ Z: 4 })
    const heading = headingOf(loaded, other)
    expect(heading.title).toMatch(/shield first: \(3−2\)×2 = 2/)
    expect(heading.note).toMatch(/the ruling shown differs from its expect: in 7 places/)
  })

  it("the file's own order, or no ruling yet: the title alone", () => {
    const loaded = showcaseLoaded()
    const same = drive(loaded, "ask", ["shield"])
    expect(same.run?.outcome.events.e?.dealt).toEqual({ Z: 2 })
    expect(headingOf(loaded, same)).toEqual({ title: loaded.title })
    expect(headingOf(loaded, drive(loaded, "ask", []))).toEqual({ title: loaded.title })
  })

  /** The count in "Differs from the scenario's expect: (N)" is the number of differences listed. */
  it("the differences: all 7 of them listed under a count of 7", () => {
    const loaded = showcaseLoaded()
    const mm = drive(loaded, "ask", ["double"]).mismatches ?? []
    expect(mm.length).toBe(7)
    const list = mismatchList(mm)
    expect(list.heading).toBe("✗ Differs from the scenario's expect: (7)")
    expect(list.lines.map((l) => l.path)).toEqual(mm.map((m) => m.path))
    expect(list.lines[0]).toEqual({
      path: "events.e.dealt.Z",
      text: ": expected 2, got 4",
      file: "2",
      yours: "4"
    })
    expect(list.more).toBeUndefined()
  })

  it("more than fit: the lines and the 'and K more' add up to the count", () => {
    const mm = Array.from({ length: 10 }, (_, k) => ({ path: `p${k}`, expected: k, actual: k + 1 }))
    for (const n of [0, 1, 6, 7, 8, 10]) {
      const list = mismatchList(mm.slice(0, n))
      const more = Number(/and (\d+) more/.exec(list.more ?? "")?.[1] ?? 0)
      expect(list.heading).toBe(`✗ Differs from the scenario's expect: (${n})`)
      expect(list.lines.length + more).toBe(n)
    }
    expect(mismatchList(mm).more).toBe("… and 4 more")
  })
})

describe("exploring is not failing (issue 31, point 10)", () => {
  /**
   * CR 616.1: the affected object's controller chooses the order. Answering "double" where the
   * file answers "shield" is a legal ruling of the player's own, 3 × 2 − 2 = 4: the page says
   * it differs from the file's, the file's value beside the player's, not a ✗ failure.
   */
  it("another legal answer: differs, listed as the file's value and yours", () => {
    const loaded = showcaseLoaded()
    const other = drive(loaded, "ask", ["double"])
    expect(compare(loaded, other, "ask", false)).toBe("differs")
    const list = mismatchList(other.mismatches ?? [], 6, "differs")
    expect(list.heading).toBe("Your ruling differs from the file's in 7 places")
    expect(list.heading).not.toContain("✗")
    expect(list.lines[0]).toMatchObject({ path: "events.e.dealt.Z", file: "2", yours: "4" })
    expect(list.lines[0]?.text).toBe(": the file's 2, yours 4")
  })

  it("the file's own answer: matches; the same answers with an edit: still the player's own ruling", () => {
    const loaded = showcaseLoaded()
    const same = drive(loaded, "ask", ["shield"])
    expect(compare(loaded, same, "ask", false)).toBe("matches")
    expect(compare(loaded, drive(loaded, "ask", ["double"]), "ask", true)).toBe("differs")
  })

  /** A file whose own answers do not give its expect: is a failure, as `bulwark check` says. */
  it("the file's own answers and text not giving its expect: is a failure", () => {
    const wrong = showcase?.text.replace(/dealt: \{ Z: 2 \}/, "dealt: { Z: 3 }")
    expect(wrong).not.toBe(showcase?.text)
    const r = load(wrong ?? "", "wrong.yaml", rulesets)
    if (Result.isFailure(r)) throw new Error(JSON.stringify(r.failure))
    const loaded = r.success
    expect(compare(loaded, drive(loaded, "script", []), "script", false)).toBe("fails")
    // the same answers clicked on the page: still the file's ruling, still a failure
    expect(compare(loaded, drive(loaded, "ask", ["shield"]), "ask", false)).toBe("fails")
    expect(compare(loaded, drive(loaded, "ask", ["double"]), "ask", false)).toBe("differs")
  })

  /**
   * An outcome leaves out a recipient dealt nothing, which core's Expect reports as
   * "(missing)": against an expected amount it is 0. A shield of 3 on the 3 damage of MTG-09
   * (shield first) leaves (3 − 3) × 2 = 0.
   */
  it("an amount of nothing is shown as 0, not (missing)", () => {
    const edited = showcase?.text.replace(/amount: 2\b/, "amount: 3")
    expect(edited).not.toBe(showcase?.text)
    const r = load(edited ?? "", "edited.yaml", rulesets)
    if (Result.isFailure(r)) throw new Error(JSON.stringify(r.failure))
    const d = drive(r.success, "ask", ["shield"])
    const dealt = (d.mismatches ?? []).find((m) => m.path === "events.e.dealt.Z")
    expect(dealt).toEqual({ path: "events.e.dealt.Z", expected: 2, actual: "(missing)" })
    const line = mismatchList(d.mismatches ?? [], 20, "differs").lines.find(
      (l) => l.path === "events.e.dealt.Z"
    )
    expect(line).toMatchObject({ file: "2", yours: "0" })
    expect(shownValue("(missing)", 2)).toBe("0")
    expect(shownValue("(missing)", "shield")).toBe("(missing)")
    expect(shownValue(0, 2)).toBe("0")
  })
})

describe("queries and effects the rules made", () => {
  const loadedKey = (key: string) => {
    const b = findBundled(key)
    if (b === undefined) throw new Error(`no ${key}`)
    const r = load(b.text, b.fileName, rulesets)
    if (Result.isFailure(r)) throw new Error(JSON.stringify(r.failure))
    return r.success
  }

  /**
   * Riftbound 826.3 (RB-X1): Backline "must be assigned lethal damage after any other unit …";
   * the query's answer is data — legal: false with the violated rule and unit — not a JSON
   * string, so the page can lay it out as a table.
   */
  it("a query step's answer is kept as data beside its trace note", () => {
    const d = drive(loadedKey("riftbound/RB-X1-tank-backline"), "script", [])
    const q = d.entries.find((e) => e.query?.name === "backlineBeforePlain")?.query
    expect(q?.answer).toMatchObject({ legal: false, violations: [{ rule: "826.3", unit: "K" }] })
  })

  /**
   * CR 702.16e: "Any damage that would be dealt by sources that have the stated quality to a
   * permanent or player with protection is prevented." MTG-12 (ordered)'s protection effect is made by
   * that rule from P's protection from red, not written in the file's effects: — the page
   * labels it so. The file's own effects are not.
   */
  it("protection's prevention effect is made by rule 702.16e; the file's effects are not", () => {
    const loaded = loadedKey("mtg/MTG-12-ordered-double-first")
    const d = drive(loaded, "script", [])
    const made = madeByRules(loaded, d.effects)
    expect([...made]).toEqual([["P:protection:colors:red", "MTG CR 702.16e"]])
    const written = d.effects.filter((e) => !made.has(e.id)).map((e) => e.id)
    expect(written.length).toBeGreaterThan(0)
    for (const id of written)
      expect(loaded.document["effects"] ?? []).toContainEqual(expect.objectContaining({ id }))
  })
})

describe("the menu's ruleset names", () => {
  // the menu names a ruleset before its code is loaded: the names must be the rulesets' own
  it("are each ruleset's own name, in the menu order", () => {
    expect(offered.map((o) => o.name)).toEqual(offered.map((o) => rulesets.find((r) => r.id === o.id)?.name))
  })
})

describe("the playground follows the ruleset's language (Берсерк: Russian)", () => {
  /**
   * Берсерк 533.3: «сначала эффекты соответствующей группы применяет Неактивный игрок в
   * выбранном им порядке» — BSK-04: the inactive player orders two shields of one group.
   */
  it("asks a Берсерк decision in Russian, as the ruleset's words say it", () => {
    const file = findBundled("berserk/BSK-04")
    if (file === undefined) throw new Error("BSK-04 is not bundled")
    const loaded = load(file.text, file.fileName, rulesets)
    if (Result.isFailure(loaded)) throw new Error(JSON.stringify(loaded.failure))
    expect(loaded.success.ruleset.lang).toBe("ru")
    const d = drive(loaded.success, "ask", [])
    const request = d.pending?.request
    if (request === undefined) throw new Error("no pending decision")
    const text = question(request, loaded.success.ruleset.words)
    expect(text).toMatch(/^ip выбирает, какой эффект применяется следующим к C: /)
    expect(text).not.toContain("chooses")
  })
})
