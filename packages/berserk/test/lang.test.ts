/**
 * The player's language: Берсерк's rules are Russian («Эффект предотвращения», 533; «Эффект
 * замещения», 534), so its trace, the questions it puts to the players and the quotations of its
 * rules are Russian by default (`ruleset.words`, `lang: "ru"`), English on request
 * (`translations.en`), and an integrator can give a third language through the same `Words`.
 */
import { fileURLToPath } from "node:url"
import { Decision, Ruleset, Trace, Words } from "@bulwark/core"
import { checkDirectory, type FileResult } from "@bulwark/scenario/node"
import { describe, expect, it } from "vitest"
import { Lang, ruleset } from "../src/index.js"

const results = checkDirectory(fileURLToPath(new URL("../scenarios", import.meta.url)), [ruleset])
const checked = results.filter((r): r is Extract<FileResult, { _tag: "Checked" }> => r._tag === "Checked")

const render = (r: (typeof checked)[number], words: Words.Words): string =>
  Trace.render(r.result.run.trace, {
    words,
    effects: [...r.scenario.compiled.ledger.effects, ...r.result.run.ledger.effects],
    explain: true
  })

/** Every id a run names: cards, attacks, players, effects, events and occurrences. */
const idsOf = (r: (typeof checked)[number]): ReadonlySet<string> => {
  const out = new Set<string>()
  const add = (id: string) => {
    for (const part of id.split(/[^A-Za-z0-9]+/)) if (part !== "") out.add(part)
  }
  for (const v of [r.scenario.compiled.view, r.result.run.view])
    for (const id of Object.keys(v.objects)) add(id)
  for (const e of [...r.scenario.compiled.ledger.effects, ...r.result.run.ledger.effects]) add(e.id)
  // the file's effects, those applied when an attack is built too (strength modifiers)
  const written = r.scenario.document["effects"]
  if (Array.isArray(written)) for (const e of written) if (typeof e?.id === "string") add(e.id)
  for (const [id, e] of Object.entries(r.result.run.outcome.events)) {
    add(id)
    for (const o of Object.keys(e.occurrences)) add(o)
  }
  return out
}

/**
 * The Latin words of a text that are not ids. The rules' own notation is Latin too: «Получает на
 * X больше/меньше ран» (534.1.1) and «Броня N»; a file's data quoted as written (`set:
 * {"closed":true}`) is left out.
 */
const englishWords = (text: string, ids: ReadonlySet<string>): ReadonlyArray<string> => {
  const words = text.replace(/\{[^{}]*\}/g, "").match(/[A-Za-z][A-Za-z0-9]*/g) ?? []
  return [...new Set(words.filter((w) => !ids.has(w) && w !== "X" && w !== "N"))]
}

describe("Берсерк speaks Russian by default", () => {
  it("the ruleset's own words are Russian, with English as a translation", () => {
    expect(ruleset.lang).toBe("ru")
    expect(Ruleset.languages(ruleset)).toEqual(["ru", "en"])
    expect(Ruleset.wordsIn(ruleset, undefined)).toBe(Lang.russian)
    expect(Ruleset.wordsIn(ruleset, "en")).toBe(Lang.english)
    expect(Ruleset.wordsIn(ruleset, "de")).toBeUndefined()
  })

  it("every bundled scenario's trace has no English word left but ids", () => {
    expect(checked.length).toBe(results.length)
    expect(checked.length).toBeGreaterThan(10)
    const left: Record<string, ReadonlyArray<string>> = {}
    for (const r of checked) {
      const found = englishWords(render(r, ruleset.words ?? Words.neutral), idsOf(r))
      if (found.length > 0) left[r.file] = found
    }
    expect(left).toEqual({})
  })

  it("the same check finds the English of --lang en (it can fail)", () => {
    const found = checked.flatMap((r) => englishWords(render(r, Lang.english), idsOf(r)))
    for (const w of ["would", "deal", "wounds", "effects", "apply", "prevents"]) expect(found).toContain(w)
  })

  /**
   * 533.3: «Эффекты предотвращения применяются в следующем порядке: эффекты предотвращения, не
   * имеющие количественного значения; эффекты предотвращения, имеющие количественное значение.»
   */
  /**
   * 533.2 («после наложения всех модификаторов атаки»): the attack's line shows the strength as
   * printed and each modifier, the card's own first (BSK-X7: 3, doubled +1 is +4, +1 this turn).
   */
  it("BSK-X7: the attack's line shows the card's strength modifiers, then the sum", () => {
    const r = checked.find((c) => c.file.endsWith("BSK-X7-strength-modifiers.yaml"))
    if (r === undefined) throw new Error("BSK-X7-strength-modifiers.yaml not checked")
    const text = render(r, ruleset.words ?? Words.neutral)
    expect(text).toContain("a1: удар по ogre, сила 3 +4 (twice) +1 (rage) = 8")
    expect(text).toContain("ответный удар по orc, сила 2 +2 (hard) = 4")
    expect(text).toContain("a3: удар по ogre, сила 3 +4 (twice) = 7")
    expect(render(r, Lang.english)).toContain("a2: shot on ogre, strength 2 —")
  })

  it("BSK-03: the trace in Russian, the rule quoted as written, without the English gloss", () => {
    const r = checked.find((c) => c.file.endsWith("BSK-03.yaml"))
    if (r === undefined) throw new Error("BSK-03.yaml not checked")
    const text = render(r, ruleset.words ?? Words.neutral)
    expect(text).toContain("▶ событие a1: orc должен нанести C 5 ран [a1]")
    expect(text).toContain(
      "эффекты, которые сейчас могут примениться к C (эффекты предотвращения, не имеющие количественного значения, первая группа): fog, shield2"
    )
    expect(text).toContain("предотвращает всё (C: 5 ран): 5 → 0")
    expect(text).toContain("(Берсерк 533.3 (предотвращение без количественного значения: первая группа))")
    expect(text).toContain(
      "      § 533.3 Эффекты предотвращения применяются в следующем порядке: эффекты предотвращения, не имеющие количественного значения;"
    )
    expect(text).not.toContain("(without an amount, then with an amount")
    expect(text).toContain("■ a1: ничего не происходит")
    const en = render(r, Lang.english)
    expect(en).toContain("▶ event a1: orc would deal 5 wounds to C [a1]")
    expect(en).toContain("prevents all of the 5 wounds to C: 5 → 0")
    expect(en).toContain(
      "(without an amount, then with an amount; inactive player first, each in their order; stop at 0)"
    )
  })

  it("the questions: Russian by default, English in English", () => {
    const request: Decision.Request = {
      _tag: "ChooseEffect",
      id: "d1",
      chooser: "ip",
      options: [
        { effect: "shield2", label: "Предотвратить следующие 2 раны" },
        { effect: "shield3", label: "Предотвратить следующие 3 раны" }
      ],
      group: "C",
      tier: "prevention with an amount",
      rule: "Берсерк 533.3: prevention with an amount second; inactive player, then active"
    }
    expect(Decision.question(request, ruleset.words)).toBe(
      "ip выбирает, какой эффект применяется следующим к C: shield2 «Предотвратить следующие 2 раны» или shield3 «Предотвратить следующие 3 раны»"
    )
    expect(Decision.question(request, Lang.english)).toBe(
      'ip chooses which effect applies next to C: shield2 "Предотвратить следующие 2 раны" or shield3 "Предотвратить следующие 3 раны"'
    )
    expect(
      Decision.question(
        { _tag: "UseOptional", id: "d2", chooser: "ap", effect: "serk", label: "Серк", rule: "" },
        ruleset.words
      )
    ).toBe("ap может применить serk «Серк»")
  })

  it("Russian numerals agree with the number: 1 рана, 2 раны, 5 ран, 11 ран, 21 рана", () => {
    const amount = Words.family(Lang.russian, "damage").amount
    expect([1, 2, 5, 11, 21, 22].map(amount)).toEqual([
      "1 рана",
      "2 раны",
      "5 ран",
      "11 ран",
      "21 рана",
      "22 раны"
    ])
  })
})

describe("an integrator supplies another language through the same Words", () => {
  // a German table: the ruleset's English words with the engine's sentences replaced
  const german: Words.Words = {
    ...Lang.english,
    families: {
      damage: Words.phrases(
        (o) => `${o.source ?? "?"} würde ${o.subject} ${o.amount} Wunden zufügen`,
        (o) => `${o.source ?? "?"} fügt ${o.subject} ${o.amount} Wunden zu`,
        (n) => `${n} Wunden`
      )
    },
    texts: {
      event: (id) => `Ereignis ${id}`,
      nothingHappens: "nichts geschieht",
      prevents: (n, the) => `verhindert ${n === "all" ? "alle" : n} von ${the}`,
      the: (amount, subject) => `${amount} an ${subject}`
    }
  }

  it("the trace speaks the integrator's words, core's English where they give none", () => {
    const r = checked.find((c) => c.file.endsWith("BSK-03.yaml"))
    if (r === undefined) throw new Error("BSK-03.yaml not checked")
    const text = render(r, german)
    expect(text).toContain("▶ Ereignis a1: orc würde C 5 Wunden zufügen [a1]")
    expect(text).toContain("verhindert alle von 5 Wunden an C: 5 → 0")
    expect(text).toContain("■ a1: nichts geschieht")
    // what the table leaves out is core's English
    expect(text).toContain("(the only one that can apply)")
  })
})
