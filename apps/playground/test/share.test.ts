/** Share links: the scenario text and the decisions survive a round trip through the URL hash. */
import { describe, expect, it } from "@effect/vitest"
import { fromHash, pack, toHash, unpack } from "../src/share.ts"

describe("share links", () => {
  it("packs and unpacks a text, including non-ASCII", async () => {
    const text = "ruleset: berserk\ntitle: «Эффект предотвращения»\n"
    expect(await unpack(await pack(text))).toBe(text)
  })

  it("round-trips text, answers and mode", async () => {
    const hash = await toHash({
      text: "ruleset: mtg\n",
      answers: ["prevent-2", true, { x: 1 }],
      mode: "script"
    })
    expect(await fromHash(`#${hash}`)).toEqual({
      text: "ruleset: mtg\n",
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
})
