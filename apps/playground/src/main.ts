/**
 * The playground page: a scenario editor on the left, its resolution on the right — the
 * decision waiting on a player (buttons with the legal answers), the current step of the
 * timeline with the amounts per recipient as bars and the shields' remainders, the outcome and
 * the whole timeline. The scenario, the answers given and the mode live in the URL hash.
 */
import "./style.css"
import { type Decision, type Replacement, Trace, Words } from "@bulwark/core"
import type { LoadedScenario } from "@bulwark/scenario"
import { Result } from "effect"
import {
  blank,
  bundledOf,
  findBundled,
  loadAllRulesets,
  loadRuleset,
  namedRuleset,
  offered,
  readBundled,
  rulesetOfKey,
  rulesets,
  showcaseKey
} from "./bundled.js"
import { byId, type Child, h, mount } from "./dom.js"
import {
  answerLabel,
  type Bar,
  compare,
  type Driven,
  drive,
  type Entry,
  headingOf,
  load,
  type Mode,
  madeByRules,
  mismatchList,
  type Problem,
  question,
  snapshotAt,
  upgrade
} from "./engine.js"
import { fromHash, toHash } from "./share.js"

interface State {
  text: string
  /** The bundled scenario the text came from (still unedited when `text` equals its text). */
  file: string | undefined
  mode: Mode
  answers: Array<Decision.Answer>
  cursor: number
  loaded: LoadedScenario | undefined
  problems: ReadonlyArray<Problem>
  driven: Driven | undefined
  /** Said above the scenario when the page rewrote it (a format-1 share link), until it is edited. */
  note: string | undefined
}

const st: State = {
  text: "",
  file: undefined,
  mode: "ask",
  answers: [],
  cursor: 0,
  loaded: undefined,
  problems: [],
  driven: undefined,
  note: undefined
}

const els = {
  ruleset: byId<HTMLSelectElement>("ruleset"),
  scenario: byId<HTMLSelectElement>("scenario"),
  mode: byId<HTMLSelectElement>("mode"),
  share: byId<HTMLButtonElement>("share"),
  file: byId("file"),
  source: byId<HTMLTextAreaElement>("source"),
  overlay: byId("overlay"),
  gutter: byId("gutter"),
  problems: byId("problems"),
  heading: byId("heading"),
  decision: byId("decision"),
  step: byId("step"),
  outcome: byId("outcome"),
  timeline: byId("timeline")
}

// ---------------------------------------------------------------------------------------------
// evaluation

const unedited = (): boolean => st.file !== undefined && findBundled(st.file)?.text === st.text

const fileName = (): string =>
  st.file !== undefined ? (findBundled(st.file)?.fileName ?? "scenario.yaml") : "scenario.yaml"

const evaluate = (): void => {
  const r = load(st.text, fileName(), rulesets())
  if (Result.isFailure(r)) {
    st.loaded = undefined
    st.problems = r.failure
    st.driven = undefined
  } else {
    st.loaded = r.success
    st.problems = []
    st.driven = drive(r.success, st.mode, st.answers)
    // keep only the answers that were used (the rest no longer fit the scenario)
    if (st.mode === "ask") st.answers = st.driven.decisions.map((d) => d.answer)
  }
  st.cursor = Math.max(0, (st.driven?.entries.length ?? 1) - 1)
}

let hashTimer: ReturnType<typeof setTimeout> | undefined
const saveHash = (): void => {
  clearTimeout(hashTimer)
  hashTimer = setTimeout(async () => {
    const hash = await toHash({
      ...(unedited() ? { file: st.file as string } : { text: st.text }),
      answers: st.mode === "ask" ? st.answers : [],
      mode: st.mode
    })
    history.replaceState(null, "", `#${hash}`)
  }, 150)
}

/**
 * Loads what the text needs before it is evaluated: the ruleset it names and that ruleset's
 * bundled files (the menu lists them), or every ruleset when it names none the playground offers
 * (the loader's error then lists them all).
 */
const needed = async (text: string): Promise<void> => {
  const id = namedRuleset(text)
  if (id !== undefined && offered.some((o) => o.id === id))
    await Promise.all([loadRuleset(id), bundledOf(id)])
  else await loadAllRulesets()
}

const refresh = async (): Promise<void> => {
  await needed(st.text)
  evaluate()
  renderAll()
  saveHash()
}

// ---------------------------------------------------------------------------------------------
// menus

const currentRuleset = (): string => st.loaded?.ruleset.id ?? namedRuleset(st.text) ?? offered[0]?.id ?? ""

const renderMenus = (): void => {
  const rid = currentRuleset()
  mount(
    els.ruleset,
    offered.map((o) =>
      h(
        "option",
        { value: o.id, selected: o.id === rid },
        `${rulesets().find((r) => r.id === o.id)?.name ?? o.name} (${o.id})`
      )
    )
  )
  const files = readBundled(rid)
  const selected = unedited() ? st.file : undefined
  mount(
    els.scenario,
    selected === undefined ? h("option", { value: "", selected: true }, "(edited scenario)") : null,
    files.map((b) => h("option", { value: b.key, selected: b.key === selected }, b.title))
  )
  els.mode.value = st.mode
  els.file.textContent = unedited() ? fileName() : "edited"
}

els.ruleset.addEventListener("change", async () => {
  const id = els.ruleset.value
  const [files] = await Promise.all([bundledOf(id), loadRuleset(id)])
  const first = files[0]
  openScenario(first?.key, first?.text ?? blank(id))
})

els.scenario.addEventListener("change", () => {
  const b = findBundled(els.scenario.value)
  if (b !== undefined) openScenario(b.key, b.text)
})

els.mode.addEventListener("change", () => {
  st.mode = els.mode.value === "script" ? "script" : "ask"
  if (st.mode === "script") st.answers = []
  void refresh()
})

els.share.addEventListener("click", async () => {
  saveHash()
  await new Promise((r) => setTimeout(r, 200))
  try {
    await navigator.clipboard.writeText(location.href)
    els.share.textContent = "Link copied"
  } catch {
    els.share.textContent = "Link is in the address bar"
  }
  setTimeout(() => {
    els.share.textContent = "Copy share link"
  }, 1600)
})

const openScenario = (key: string | undefined, text: string): void => {
  st.file = key
  st.text = text
  st.note = undefined
  st.answers = []
  els.source.value = text
  void refresh()
}

// ---------------------------------------------------------------------------------------------
// editor: line numbers, problems at their line (highlighted, with the message after the text)

let editTimer: ReturnType<typeof setTimeout> | undefined
els.source.addEventListener("input", () => {
  st.text = els.source.value
  st.note = undefined
  renderEditor()
  clearTimeout(editTimer)
  editTimer = setTimeout(() => void refresh(), 250)
})

els.source.addEventListener("scroll", () => {
  const { scrollTop, scrollLeft } = els.source
  els.overlay.style.transform = `translate(${-scrollLeft}px, ${-scrollTop}px)`
  els.gutter.style.transform = `translateY(${-scrollTop}px)`
})

const goToLine = (line: number): void => {
  const lines = els.source.value.split("\n")
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0)
  els.source.focus()
  els.source.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0))
  const lh = Number.parseFloat(getComputedStyle(els.source).lineHeight) || 20
  els.source.scrollTop = Math.max(0, (line - 4) * lh)
}

const renderEditor = (): void => {
  const lines = els.source.value.split("\n")
  const byLine = new Map<number, Array<Problem>>()
  for (const p of st.problems) {
    const l = Math.min(Math.max(p.line, 1), lines.length)
    byLine.set(l, [...(byLine.get(l) ?? []), p])
  }
  mount(
    els.gutter,
    lines.map((_, i) => h("div", { class: byLine.has(i + 1) ? "ln err" : "ln" }, String(i + 1)))
  )
  mount(
    els.overlay,
    lines.map((text, i) => {
      const ps = byLine.get(i + 1)
      if (ps === undefined) return h("div", { class: "line" }, text === "" ? " " : text)
      return h(
        "div",
        { class: "line err", "data-line": i + 1 },
        h("span", { class: "ghost" }, text),
        h("span", { class: "lens" }, `  ◀ ${ps.map((p) => p.message).join(" · ")}`)
      )
    })
  )
  mount(
    els.problems,
    st.problems.map((p) =>
      h(
        "li",
        { "data-testid": "problem" },
        h(
          "button",
          { type: "button", class: "at", onclick: () => p.line > 0 && goToLine(p.line) },
          p.line > 0 ? `line ${p.line}:${p.column}` : "file"
        ),
        p.path === "" ? null : h("code", {}, p.path),
        h("span", {}, p.message)
      )
    )
  )
}

// ---------------------------------------------------------------------------------------------
// the resolution

const effectsById = (): Map<string, Replacement.Replacement> =>
  new Map((st.driven?.effects ?? []).map((e) => [e.id, e]))

let madeCache: { readonly driven: Driven; readonly made: ReadonlyMap<string, string | undefined> } | undefined

/** The effects the rules made, not the file (see engine's `madeByRules`), by id → the rule they cite. */
const ruleMade = (): ReadonlyMap<string, string | undefined> => {
  const d = st.driven
  if (d === undefined || st.loaded === undefined) return new Map()
  if (madeCache?.driven !== d) madeCache = { driven: d, made: madeByRules(st.loaded, d.effects) }
  return madeCache.made
}

/** "made by rule 702.16" for an effect the rules made (not a card the file wrote), else null. */
const madeTag = (id: string): Child => {
  const made = ruleMade()
  if (!made.has(id)) return null
  const rule = made.get(id)
  const why = `made by the rules of the game${rule === undefined ? "" : ` (${rule})`}, not written in the scenario`
  return h(
    "span",
    { class: "made-by-rule", "data-testid": "made-by-rule", title: why },
    // a short citation is shown ("made by rule MTG CR 702.16e"), a long one on hover
    rule !== undefined && rule.length <= 24 ? `made by rule ${rule}` : "made by the rules"
  )
}

const effectName = (id: string): Child => {
  const e = effectsById().get(id)
  const made = ruleMade().has(id)
  return h(
    "span",
    {
      class: made ? "effect rule-made" : "effect",
      title: `${e?.label ?? id}${made ? " (made by the rules, not written in the scenario)" : ""}`
    },
    id
  )
}

/**
 * A query's answer as a table: a mapping as key | value rows, a list of mappings as a table with
 * a column per key, a list of plain values joined; nested values nest. 0 is 0, `false` is false.
 */
const answerTable = (value: unknown): Child => {
  if (value === null || typeof value !== "object") return h("span", { class: "qv" }, String(value))
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span", { class: "qv muted" }, "none")
    if (value.every((v) => v === null || typeof v !== "object"))
      return h("span", { class: "qv" }, value.join(", "))
    const columns = [
      ...new Set(value.flatMap((v) => (typeof v === "object" && v !== null ? Object.keys(v) : [])))
    ]
    return h(
      "table",
      { class: "qtable" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          columns.map((c) => h("th", {}, c))
        )
      ),
      h(
        "tbody",
        {},
        value.map((row) =>
          h(
            "tr",
            {},
            columns.map((c) => {
              const cell =
                typeof row === "object" && row !== null ? (row as Record<string, unknown>)[c] : undefined
              return h("td", {}, cell === undefined ? "" : answerTable(cell))
            })
          )
        )
      )
    )
  }
  const entries = Object.entries(value)
  if (entries.length === 0) return h("span", { class: "qv muted" }, "nothing")
  return h(
    "table",
    { class: "qtable" },
    h(
      "tbody",
      {},
      entries.map(([k, v]) => h("tr", {}, h("th", {}, k), h("td", {}, answerTable(v))))
    )
  )
}

/** A query step: its name and its answer as a table. */
const queryView = (q: NonNullable<Entry["query"]>): Child =>
  h(
    "div",
    { class: "query", "data-testid": "query" },
    h("span", {}, "query ", h("b", {}, q.name), ": "),
    answerTable(q.answer)
  )

/** The ruleset's words (tier names, family phrases, rule sentences); core's where it has none. */
const words = (): Words.Words => st.loaded?.ruleset.words ?? Words.neutral

const sentenceText = (rule: string | undefined): string =>
  Words.sentences(words(), rule)
    .map((x) => `§ ${x.rule} ${x.text}`)
    .join("\n")

/** A rule citation; the cited rules' sentences show on hover. */
const ruleTag = (rule: string | undefined): Child => {
  if (rule === undefined || rule === "") return null
  const text = sentenceText(rule)
  return h("span", text === "" ? { class: "rule" } : { class: "rule", title: text }, rule)
}

/** The cited rules' sentences, written out (under the current step and the waiting decision). */
const ruleSentences = (rule: string | undefined): Child => {
  const sentences = Words.sentences(words(), rule)
  return sentences.length === 0
    ? null
    : h(
        "div",
        { class: "rule-text", "data-testid": "rule-text" },
        sentences.map((x) => h("p", {}, h("b", {}, `§ ${x.rule} `), x.text))
      )
}

let linesCache: { readonly driven: Driven; readonly lines: Map<Trace.Record, Trace.Line> } | undefined

/** The trace's steps in the ruleset's words (core `Trace.lines`), by record. */
const lineOf = (r: Trace.Record): Trace.Line | undefined => {
  const d = st.driven
  if (d === undefined) return undefined
  if (linesCache?.driven !== d) {
    const records = d.entries.map((e) => e.record)
    const lines = Trace.lines(records, { words: words(), effects: d.effects })
    linesCache = { driven: d, lines: new Map(records.map((rec, i) => [rec, lines[i]!] as const)) }
  }
  return linesCache.lines.get(r)
}

const kindOf = (r: Trace.Record): string =>
  ({
    EventStarted: "event",
    Candidates: "candidates",
    Decided: "choice",
    Applied: "applied",
    NotApplied: "skipped",
    ReachedZero: "zero",
    EventFinished: "done",
    Note: "note"
  })[r._tag]

// a step in the ruleset's words and language (core `Trace.lines`): the text the CLI prints; an
// application keeps its effect's name as a link to the effect
const summary = (r: Trace.Record, query?: Entry["query"]): Child => {
  if (query !== undefined) return queryView(query)
  const line = lineOf(r)
  const said = line?.text
  if (r._tag === "Applied")
    // "shield "Prevent the next 2 …" (nap chose): prevents 2 of the 3 damage to Z: 3 → 1; …"
    return [effectName(r.effect), said === undefined ? "" : said.slice(r.effect.length)]
  if (said === undefined) return r._tag
  return line?.answer === undefined ? said : `${said} → ${line.answer}`
}

const ruleOf = (r: Trace.Record): string | undefined => {
  switch (r._tag) {
    case "Decided":
      return r.request.rule
    case "Applied":
    case "ReachedZero":
    case "Note":
    case "NotApplied":
      return r.rule
    default:
      return undefined
  }
}

/** Rewrites the editor's text (an older format) in the current one, keeping the answers. */
const rewrite = (): void => {
  const u = upgrade(st.text)
  if (u.note === undefined) return
  st.text = u.text
  st.note = u.note
  els.source.value = u.text
  void refresh()
}

const renderHeading = (): void => {
  const l = st.loaded
  const heading = l === undefined ? undefined : headingOf(l, st.driven)
  const outdated = st.problems.some((p) => p.outdated === true)
  const note =
    st.note === undefined ? null : h("p", { class: "sub migrated", "data-testid": "migrated-note" }, st.note)
  mount(
    els.heading,
    l === undefined
      ? h(
          "div",
          { class: "card muted" },
          h("h2", {}, outdated ? "The scenario is in an older format" : "The scenario does not load"),
          outdated
            ? h(
                "p",
                {},
                h(
                  "button",
                  { type: "button", "data-testid": "migrate", onclick: rewrite },
                  "Rewrite in format 4"
                ),
                " the ruling stays the same; comments and key order are kept."
              )
            : h(
                "p",
                {},
                `${st.problems.length} problem${st.problems.length === 1 ? "" : "s"}: see the marked lines.`
              ),
          note
        )
      : h(
          "div",
          { class: "heading" },
          h("h2", { "data-testid": "title" }, heading?.title),
          h(
            "p",
            { class: "sub" },
            `${l.ruleset.name} · ${l.ruleset.rulesVersion}`,
            l.description === undefined ? null : h("span", {}, ` · ${l.description}`)
          ),
          heading?.note === undefined
            ? null
            : h("p", { class: "sub differs", "data-testid": "title-note" }, heading.note),
          note
        )
  )
}

const choose = (answer: Decision.Answer): void => {
  st.answers = [...(st.driven?.decisions.map((d) => d.answer) ?? []), answer]
  void refresh()
}

const renderDecision = (): void => {
  const p = st.driven?.pending
  if (p === undefined) {
    mount(els.decision)
    return
  }
  const r = p.request
  const options =
    r._tag === "ChooseEffect"
      ? r.options.map((o) => h("div", { class: "option-text" }, h("b", {}, o.effect), ": ", o.label))
      : null
  mount(
    els.decision,
    h(
      "div",
      { class: "card decision", "data-testid": "decision" },
      h("div", { class: "kicker" }, `Decision ${r.id} · waiting on ${r.chooser}`),
      h("h3", {}, question(r, words())),
      options,
      h(
        "div",
        { class: "answers" },
        p.legal.map((a) =>
          h(
            "button",
            {
              type: "button",
              class: "answer",
              "data-answer": typeof a === "object" ? JSON.stringify(a) : String(a),
              onclick: () => choose(a)
            },
            answerLabel(r, a)
          )
        )
      ),
      h("div", { class: "cite" }, "Rule: ", ruleTag(r.rule), ruleSentences(r.rule))
    )
  )
}

const barRow = (b: Bar, scale: number, changed: boolean): Child => {
  const pct = (n: number): string => `${(100 * n) / scale}%`
  return h(
    "div",
    { class: `bar-row ${b.status}${changed ? " changed" : ""}`, "data-occurrence": b.occurrence },
    h(
      "div",
      { class: "bar-label" },
      h("b", {}, b.subject),
      h(
        "span",
        { class: "meta" },
        ` ${b.family}${b.source !== undefined ? ` from ${b.source}` : ""} · ${b.occurrence}`
      )
    ),
    h(
      "div",
      { class: "track" },
      h("div", { class: "fill", style: `width:${pct(b.amount)}` }),
      b.prevented > 0 ? h("div", { class: "prevented", style: `width:${pct(b.prevented)}` }) : null,
      h("div", { class: "start", style: `left:${pct(b.start)}`, title: `started at ${b.start}` })
    ),
    h(
      "div",
      { class: "bar-value" },
      b.start !== b.amount ? h("span", { class: "was" }, `${b.start} → `) : null,
      h("b", {}, String(b.amount)),
      b.prevented > 0 ? h("span", { class: "pv" }, ` (${b.prevented} prevented)`) : null,
      b.status === "zero" ? h("span", { class: "tag" }, " does not happen") : null,
      b.status === "happened" ? h("span", { class: "tag ok" }, " happens") : null,
      b.note !== undefined ? h("span", { class: "tag" }, ` ${b.note}`) : null
    )
  )
}

const renderStep = (): void => {
  const d = st.driven
  if (d === undefined || d.entries.length === 0) {
    mount(els.step)
    return
  }
  const n = d.entries.length
  const i = Math.min(st.cursor, n - 1)
  const entry = d.entries[i] as Entry
  const snap = snapshotAt(d, i)
  const r = entry.record
  const changed = new Set(r._tag === "Applied" ? r.changes.map((c) => c.occurrence) : [])
  const scale = snap.bars.reduce((m, b) => Math.max(m, b.start, b.amount + b.prevented), 1)
  const shields = Object.entries(snap.shields)
  const go = (k: number) => () => moveTo(k)
  const extra: Child =
    r._tag === "Applied"
      ? h(
          "dl",
          { class: "facts" },
          h("dt", {}, "Effect"),
          h("dd", {}, h("b", {}, r.effect), madeTag(r.effect), ` “${r.label}”`),
          h("dt", {}, "Tier"),
          h("dd", {}, Words.tier(words(), r.tier)),
          h("dt", {}, "Chosen"),
          h("dd", {}, r.chosenBy === "only candidate" ? "the only one that can apply" : r.chosenBy),
          r.notes.length > 0 ? [h("dt", {}, "Notes"), h("dd", {}, r.notes.join("; "))] : null
        )
      : r._tag === "Candidates"
        ? h(
            "ul",
            { class: "cands" },
            r.candidates.map((c) =>
              h(
                "li",
                {},
                h("b", {}, c),
                madeTag(c),
                ` ${effectsById().get(c)?.label ?? ""}`,
                // a card's controller; an effect the rules made has none to show
                ruleMade().has(c)
                  ? null
                  : h("span", { class: "ctl" }, ` · ${effectsById().get(c)?.controller ?? ""}`)
              )
            )
          )
        : null
  mount(
    els.step,
    h(
      "div",
      { class: "card step" },
      h(
        "div",
        { class: "step-head" },
        h(
          "div",
          { class: "kicker" },
          `Step ${i + 1} of ${n}${snap.event !== undefined ? ` · event ${snap.event}` : ""}`
        ),
        h(
          "div",
          { class: "nav" },
          h("button", { type: "button", onclick: go(0), disabled: i === 0, title: "First step" }, "◀◀"),
          h(
            "button",
            { type: "button", onclick: go(i - 1), disabled: i === 0, "data-testid": "back" },
            "◀ Back"
          ),
          h(
            "button",
            { type: "button", onclick: go(i + 1), disabled: i === n - 1, "data-testid": "forward" },
            "Forward ▶"
          ),
          h("button", { type: "button", onclick: go(n - 1), disabled: i === n - 1, title: "Last step" }, "▶▶")
        )
      ),
      h(
        "div",
        { class: `now k-${kindOf(r)}` },
        h("span", { class: "chip" }, kindOf(r)),
        h("span", { class: "what" }, summary(r, entry.query)),
        ruleTag(ruleOf(r))
      ),
      ruleSentences(ruleOf(r)),
      extra,
      snap.bars.length > 0
        ? h(
            "div",
            { class: "bars" },
            h(
              "div",
              { class: "bars-title" },
              "Amounts per recipient",
              h(
                "span",
                { class: "legend" },
                h("i", { class: "lg-fill" }),
                "now",
                h("i", { class: "lg-prevented" }),
                "prevented",
                h("i", { class: "lg-start" }),
                "at the start of the event"
              )
            ),
            snap.bars.map((b) => barRow(b, scale, changed.has(b.occurrence)))
          )
        : null,
      shields.length > 0
        ? h(
            "div",
            { class: "shields" },
            h("div", { class: "bars-title" }, "Shields"),
            shields.map(([id, left]) => {
              const e = effectsById().get(id)
              const total =
                e?.action._tag === "Prevent" && typeof e.action.amount === "number" ? e.action.amount : 0
              return h(
                "div",
                { class: "shield" },
                h("b", {}, id),
                madeTag(id),
                h(
                  "div",
                  { class: "pips" },
                  Array.from({ length: Math.min(total, 20) }, (_, k) =>
                    h("span", { class: k < (left ?? 0) ? "pip on" : "pip" })
                  )
                ),
                h("span", {}, `${left ?? "?"} of ${total} left`)
              )
            })
          )
        : null
    )
  )
}

const undoTo = (k: number): void => {
  st.answers = (st.driven?.decisions.map((d) => d.answer) ?? []).slice(0, k)
  st.mode = "ask"
  void refresh()
}

/**
 * The ruling against the file's `expect:`. Exploring — another legal answer, or an edit — is not
 * a failure: "your ruling differs from the file's" lists the differences, the file's value
 * beside yours. Only the file's own answers and text failing its `expect:` is a ✗.
 */
const expectation = (d: Driven): Child => {
  const l = st.loaded
  if (l?.expect === undefined) return null
  const mm = d.mismatches ?? []
  const comparison = compare(l, d, st.mode, !unedited())
  if (comparison === "matches" || mm.length === 0)
    return h("p", { class: "expect ok", "data-testid": "expect" }, "✓ Matches the scenario's expect: block")
  const list = mismatchList(mm, 6, comparison)
  if (comparison === "fails")
    return h(
      "div",
      { class: "expect bad", "data-testid": "expect" },
      h("p", {}, list.heading),
      h(
        "ul",
        {},
        list.lines.map((m) => h("li", {}, h("code", {}, m.path), m.text)),
        list.more === undefined ? null : h("li", { class: "more" }, list.more)
      )
    )
  return h(
    "div",
    { class: "expect differs", "data-testid": "expect" },
    h(
      "p",
      {},
      list.heading,
      h("span", { class: "hint" }, " — exploring is not a failure; the file's expect: is its ruling")
    ),
    h(
      "table",
      { class: "diff" },
      h("thead", {}, h("tr", {}, h("th", {}, "where"), h("th", {}, "the file's"), h("th", {}, "yours"))),
      h(
        "tbody",
        {},
        list.lines.map((m) =>
          h(
            "tr",
            { "data-testid": "difference" },
            h("td", {}, h("code", {}, m.path)),
            h("td", { class: "num" }, m.file),
            h("td", { class: "num yours" }, m.yours)
          )
        ),
        list.more === undefined ? null : h("tr", { class: "more" }, h("td", { colspan: 3 }, list.more))
      )
    )
  )
}

const renderOutcome = (): void => {
  const d = st.driven
  if (d === undefined) {
    mount(els.outcome)
    return
  }
  const made =
    d.decisions.length === 0
      ? null
      : h(
          "ol",
          { class: "made" },
          d.decisions.map((x, k) =>
            h(
              "li",
              {},
              h("b", {}, x.request.chooser),
              ` → ${answerLabel(x.request, x.answer)} `,
              ruleTag(x.request.rule),
              h("button", { type: "button", class: "link", onclick: () => undoTo(k) }, "change")
            )
          )
        )
  if (d.error !== undefined) {
    mount(
      els.outcome,
      h(
        "div",
        { class: "card error", "data-testid": "error" },
        h("h3", {}, `Step ${d.error.step + 1} failed: ${d.error.tag}`),
        h("pre", {}, d.error.message),
        made,
        expectation(d)
      )
    )
    return
  }
  const run = d.run
  if (run === undefined) {
    mount(
      els.outcome,
      made === null ? null : h("div", { class: "card" }, h("h3", {}, "Decisions so far"), made)
    )
    return
  }
  const events = Object.entries(run.outcome.events)
  mount(
    els.outcome,
    h(
      "div",
      { class: "card outcome", "data-testid": "outcome" },
      h("h3", {}, "Outcome"),
      events.length === 0
        ? h("p", {}, "No event was resolved.")
        : h(
            "table",
            {},
            h(
              "thead",
              {},
              h(
                "tr",
                {},
                h("th", {}, "event"),
                h("th", {}, "recipient"),
                h("th", {}, "dealt"),
                h("th", {}, "prevented")
              )
            ),
            h(
              "tbody",
              {},
              events.flatMap(([id, ev]) => {
                const who = [...new Set([...Object.keys(ev.dealt), ...Object.keys(ev.prevented)])]
                if (who.length === 0)
                  return [h("tr", {}, h("td", {}, id), h("td", { colspan: 3, class: "muted" }, "no damage"))]
                return who.map((s) =>
                  h(
                    "tr",
                    {},
                    h("td", {}, id),
                    h("td", {}, s),
                    h("td", { class: "num", "data-testid": `dealt-${id}-${s}` }, String(ev.dealt[s] ?? 0)),
                    h("td", { class: "num" }, String(ev.prevented[s] ?? 0))
                  )
                )
              })
            )
          ),
      made,
      expectation(d)
    )
  )
}

const renderTimeline = (): void => {
  const d = st.driven
  if (d === undefined || (d.entries.length === 0 && d.pending === undefined)) {
    mount(els.timeline)
    return
  }
  mount(
    els.timeline,
    h(
      "div",
      { class: "card timeline" },
      h("h3", {}, "Timeline", h("span", { class: "hint" }, " · click a step, or use ← →")),
      h(
        "ol",
        { "data-testid": "timeline" },
        d.entries.map((e, k) =>
          h(
            "li",
            {
              class: `k-${kindOf(e.record)}${k === st.cursor ? " current" : ""}${k > st.cursor ? " later" : ""}`,
              onclick: () => moveTo(k)
            },
            h("span", { class: "chip" }, kindOf(e.record)),
            h("span", { class: "what" }, summary(e.record, e.query)),
            ruleTag(ruleOf(e.record))
          )
        ),
        d.pending !== undefined
          ? h(
              "li",
              { class: "k-waiting" },
              h("span", { class: "chip" }, "waiting"),
              h("span", { class: "what" }, question(d.pending.request, words()))
            )
          : null
      )
    )
  )
}

/** Moves the timeline's cursor to entry `k` (kept within the timeline) and redraws the step. */
const moveTo = (k: number): void => {
  st.cursor = Math.max(0, Math.min((st.driven?.entries.length ?? 1) - 1, k))
  renderStep()
  renderTimeline()
}

const renderAll = (): void => {
  // the page speaks the ruleset's language (its words' `lang`; English when it names none)
  document.documentElement.lang = st.loaded?.ruleset.lang ?? "en"
  renderMenus()
  renderEditor()
  renderHeading()
  renderDecision()
  renderStep()
  renderOutcome()
  renderTimeline()
}

document.addEventListener("keydown", (ev) => {
  if (ev.target === els.source || st.driven === undefined) return
  if (ev.key !== "ArrowLeft" && ev.key !== "ArrowRight") return
  moveTo(st.cursor + (ev.key === "ArrowLeft" ? -1 : 1))
})

// ---------------------------------------------------------------------------------------------
// start: from the link, else MTG-09 (a decision to make), else the first bundled scenario

const start = async (): Promise<void> => {
  const shared = await fromHash(location.hash)
  // a link made before scenario format 2 holds a format-1 text: it is rewritten, and the page says so
  const upgraded = shared.text === undefined ? undefined : upgrade(shared.text)
  // only the ruleset the link's file (or text) needs is loaded, with its bundled files
  const key = shared.file !== undefined && rulesetOfKey(shared.file) !== undefined ? shared.file : showcaseKey
  const rid = upgraded !== undefined ? namedRuleset(upgraded.text) : rulesetOfKey(key ?? "")
  if (rid !== undefined && offered.some((o) => o.id === rid)) await bundledOf(rid)
  const fromFile = key === undefined ? undefined : findBundled(key)
  const text = upgraded?.text ?? fromFile?.text ?? blank(offered[0]?.id ?? "mtg")
  st.text = text
  st.note = upgraded?.note
  st.file =
    upgraded !== undefined ? readBundled(rid ?? "").find((b) => b.text === upgraded.text)?.key : fromFile?.key
  st.mode = shared.mode
  st.answers = [...shared.answers]
  els.source.value = text
  await refresh()
  document.body.dataset.ready = "true"
}

void start()
