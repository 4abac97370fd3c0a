/** Share links: the scenario text and the decisions survive a round trip through the URL hash. */
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { loadAllRulesets } from "../src/bundled.ts"
import { drive, load, upgrade } from "../src/engine.ts"
import { fromHash, pack, toHash, unpack } from "../src/share.ts"

const rulesets = await loadAllRulesets()

describe("share links", () => {
  it("packs and unpacks a text, including non-ASCII", async () => {
    const text = "format: 2\nruleset: berserk\ntitle: «Эффект предотвращения»\n"
    expect(await unpack(await pack(text))).toBe(text)
  })

  it("round-trips text, answers and mode", async () => {
    const hash = await toHash({
      text: "format: 2\nruleset: mtg\n",
      answers: ["prevent-2", true, { x: 1 }],
      mode: "script"
    })
    expect(await fromHash(`#${hash}`)).toEqual({
      text: "format: 2\nruleset: mtg\n",
      answers: ["prevent-2", true, { x: 1 }],
      mode: "script"
    })
  })

  it("a bundled file is linked by its key", async () => {
    const hash = await toHash({ file: "mtg/MTG-09", answers: [], mode: "ask" })
    expect(hash).toBe("f=mtg%2FMTG-09")
    expect(await fromHash(hash)).toEqual({ file: "mtg/MTG-09", answers: [], mode: "ask" })
  })

  it("ignores a broken hash", async () => {
    expect(await fromHash("#s=%%%&a=notjson")).toEqual({ answers: [], mode: "ask" })
  })

  /**
   * Links made before scenario format 2 hold a format-1 text (users have such links). Opened, it
   * is rewritten with `Migrate.migrateText` and rules as it did: CR 120.3a, "Damage dealt to a
   * creature … causes that much damage to be marked on that creature"; 3 from the bolt, no
   * effect, so 3 is dealt to the bear.
   */
  it("a link holding a format-1 scenario opens rewritten in format 4, with a note", async () => {
    const old = `ruleset: mtg
title: A bolt hits the bear
players: [ap, nap]
activePlayer: ap # whose turn it is
objects:
  - { id: bear, controller: nap, types: [Creature], power: 2, toughness: 2 }
  - { id: bolt, controller: ap, zone: stack, types: [Instant] }
steps:
  - event: { id: hit, damage: [{ id: d, source: bolt, to: bear, amount: 3 }] }
expect:
  events:
    hit: { dealt: { bear: 3 } }
`
    const shared = await fromHash(`#${await toHash({ text: old, answers: [], mode: "ask" })}`)
    expect(shared.text).toBe(old)
    expect(Result.isFailure(load(old, "link.yaml", rulesets))).toBe(true)
    const u = upgrade(shared.text ?? "")
    expect(u.note).toContain("rewritten in format 4")
    expect(u.text).toMatch(/^format: 4\n/m)
    expect(u.text).toContain("# whose turn it is")
    const loaded = load(u.text, "link.yaml", rulesets)
    if (Result.isFailure(loaded)) throw new Error(JSON.stringify(loaded.failure))
    const d = drive(loaded.success, "script", [])
    expect(d.run?.outcome.events.hit?.dealt).toEqual({ bear: 3 })
    expect(d.mismatches).toEqual([])
  })
})
