/**
 * Stored decision records are outside data with a schema (`Decision.Stored`, `Decision.LogEntry`):
 * `Kernel.restore` and `Resolver.replay` decode what they are given and fail with a typed error
 * naming where — never a `TypeError`. A fuzzed corpus of mutations of real records (dropped keys,
 * wrong types, strings for arrays, huge numbers, deep nesting, extra keys, wrong request ids,
 * another ruleset, rules version or format, truncations) gets typed errors only; a mutant
 * decoder that lets one malformed shape through is caught by the same property.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import { Decision, Errors, GameEvent, Kernel, Ledger, type Policy, Resolver } from "../src/index.js"
import { replayDecoded } from "../src/internal/kernel/resume.js"
import { affected, dmg, double, prng, shield, view } from "./fixtures.js"

const rules: Policy.Rules = { ...affected, rulesVersion: "T 2026-01" }

/** A resolution with decisions of three kinds: two orders (616.1-style) and a "may". */
const ledger = Ledger.make([
  shield("a", "nap", ["napUnit"], 1),
  shield("b", "nap", ["napUnit"], 1, { optional: true }),
  double("d", "ap")
])
const event = GameEvent.make("e", [dmg("i", "napUnit", 3)])

/** Answers each request with its last legal answer, so that every kind is asked and answered. */
const finished = (): Kernel.Resolution => {
  let step = Kernel.start(rules, event, ledger, view)
  while (step._tag === "Pending") {
    const answers = Decision.legalAnswers(step.request)
    step = Kernel.resume(step.state, answers[answers.length - 1] as Decision.Answer)
  }
  if (step._tag !== "Done") throw new Error(step.error.message)
  return step.resolution
}

const typedTags = new Set([
  "InvalidInput",
  "IncompatibleRecord",
  "IllegalChoice",
  "InvariantBreach",
  "MissingDecision"
])

const isTyped = (e: unknown): boolean =>
  e instanceof Error &&
  typeof (e as unknown as { _tag?: unknown })._tag === "string" &&
  typedTags.has((e as unknown as { _tag: string })._tag) &&
  !(e instanceof TypeError)

describe("Decision.decodeLog: the shapes of a stored record", () => {
  const r = finished()
  const record = JSON.parse(JSON.stringify(Decision.store(rules, r.decisions)))

  it("the resolution asks three decisions of two kinds, and the record holds them", () => {
    assert.deepStrictEqual(
      r.decisions.map((d) => d.request._tag),
      ["ChooseEffect", "ChooseEffect", "UseOptional"]
    )
    assert.deepStrictEqual(Object.keys(record), ["format", "ruleset", "rulesVersion", "log"])
    assert.strictEqual(record.format, 1)
    assert.strictEqual(record.ruleset, affected.name)
    assert.strictEqual(record.rulesVersion, "T 2026-01")
  })

  it("a record and a bare log (as stored before records) both replay to the same resolution", () => {
    const fromRecord = Resolver.replay(rules, event, ledger, view, record)
    const fromLog = Resolver.replay(rules, event, ledger, view, JSON.parse(JSON.stringify(r.decisions)))
    assert.isTrue(Result.isSuccess(fromRecord) && Result.isSuccess(fromLog))
    if (Result.isSuccess(fromRecord) && Result.isSuccess(fromLog)) {
      assert.deepStrictEqual(fromRecord.success.decisions, r.decisions)
      assert.deepStrictEqual(fromLog.success.happened, r.happened)
    }
  })

  const failure = (input: unknown) => {
    const step = Kernel.restore(rules, event, ledger, view, input as Decision.Stored)
    if (step._tag !== "Failed") throw new Error(`expected a failure, got ${step._tag}`)
    return step.error
  }

  it('the issue\'s examples: [{}], "garbage", [{ answer: "x" }], null — InvalidInput naming where', () => {
    const cases: ReadonlyArray<readonly [unknown, string]> = [
      [[{}], "[0].request"],
      ["garbage", ""],
      [[{ answer: "x" }], "[0].request"],
      [null, ""],
      [42, ""],
      [{ format: 1, ruleset: affected.name, rulesVersion: "T 2026-01", log: "x" }, "log"],
      [
        { ...record, log: [{ ...record.log[0], request: { ...record.log[0].request, options: "a,b" } }] },
        "log[0].request.options"
      ]
    ]
    for (const [input, path] of cases) {
      const e = failure(input)
      assert.strictEqual(e._tag, "InvalidInput", e.message)
      if (e._tag === "InvalidInput") assert.strictEqual(e.path, path, e.message)
    }
  })

  it("extra keys are refused (strict), as Resolver.decodeInput refuses them", () => {
    const e = failure({ ...record, note: "x" })
    assert.strictEqual(e._tag, "InvalidInput")
    if (e._tag === "InvalidInput") assert.deepStrictEqual([e.path, e.reason], ["note", "unknown key"])
    const inEntry = failure({ ...record, log: [{ ...record.log[0], at: 1 }] })
    assert.strictEqual(inEntry._tag === "InvalidInput" ? inEntry.path : inEntry._tag, "log[0].at")
  })

  it("another ruleset, rules version or format is IncompatibleRecord, before anything is replayed", () => {
    const cases: ReadonlyArray<readonly [unknown, string, string]> = [
      [{ ...record, ruleset: "fab" }, "ruleset", "fab"],
      [{ ...record, rulesVersion: "T 2025-01" }, "rulesVersion", "T 2025-01"],
      [{ ...record, format: 2 }, "format", "2"],
      [{ ...record, format: "1" }, "format", '"1"']
    ]
    for (const [input, field, found] of cases) {
      const e = failure(input)
      assert.strictEqual(e._tag, "IncompatibleRecord", e.message)
      if (e._tag === "IncompatibleRecord") assert.deepStrictEqual([e.field, e.found], [field, found])
    }
    // rules without a version read records written without one
    const plain = Decision.store(affected, r.decisions)
    assert.strictEqual(plain.rulesVersion, "")
    assert.isTrue(Result.isSuccess(Resolver.replay(affected, event, ledger, view, plain)))
  })

  it("an answer illegal for its own logged request is an IllegalChoice naming its place", () => {
    const log = record.log.map((e: Decision.LogEntry, i: number) => (i === 1 ? { ...e, answer: "nope" } : e))
    const e = failure({ ...record, log })
    assert.strictEqual(e._tag, "IllegalChoice")
    assert.include(e.message, "log[1].answer")
  })

  it("a request id that is not the decision asked is an InvariantBreach naming both", () => {
    const log = record.log.map((e: Decision.LogEntry, i: number) =>
      i === 0 ? { ...e, request: { ...e.request, id: "d7" } } : e
    )
    const e = failure({ ...record, log })
    assert.strictEqual(e._tag, "InvariantBreach")
    assert.include(e.message, "d7")
  })

  it("a truncated log restores a pending step; replayed, it is the MissingDecision of the next one", () => {
    const short = { ...record, log: record.log.slice(0, 1) }
    const step = Kernel.restore(rules, event, ledger, view, short)
    assert.strictEqual(step._tag, "Pending")
    if (step._tag === "Pending") assert.strictEqual(step.request.id, "d2")
    const replayed = Resolver.replay(rules, event, ledger, view, short)
    assert.isTrue(Result.isFailure(replayed) && replayed.failure._tag === "MissingDecision")
  })
})

// ---------------------------------------------------------------------------------------------
// The fuzz property

type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [k: string]: Json }

/** Every path to a value inside `v` (not the root), with whether it is inside an answer. */
const paths = (
  v: unknown,
  at: ReadonlyArray<string | number> = []
): Array<ReadonlyArray<string | number>> => {
  const out: Array<ReadonlyArray<string | number>> = []
  if (Array.isArray(v)) for (let i = 0; i < v.length; i++) out.push([...at, i], ...paths(v[i], [...at, i]))
  else if (typeof v === "object" && v !== null)
    for (const [k, x] of Object.entries(v)) out.push([...at, k], ...paths(x, [...at, k]))
  return out
}

const clone = <A>(v: A): A => JSON.parse(JSON.stringify(v))

const parentOf = (root: unknown, path: ReadonlyArray<string | number>): Record<string | number, unknown> => {
  let v: unknown = root
  for (const k of path.slice(0, -1)) v = (v as Record<string | number, unknown>)[k]
  return v as Record<string | number, unknown>
}

const deep = (n: number): Json => {
  let v: Json = 1
  for (let i = 0; i < n; i++) v = i % 2 === 0 ? [v] : { a: v }
  return v
}

/** A value of another JSON type than `v`, from a list with huge numbers, deep nesting, strings for arrays. */
const otherType = (v: unknown, pick: () => number): unknown => {
  const kind = (x: unknown) => (x === null ? "null" : Array.isArray(x) ? "array" : typeof x)
  const pool: ReadonlyArray<unknown> = [
    null,
    true,
    0.5,
    -1,
    1e308,
    2 ** 53,
    Number.NaN,
    "garbage",
    "",
    "d1,d2",
    [],
    ["x"],
    {},
    { _tag: "ChooseEffect" },
    deep(2000)
  ]
  const candidates = pool.filter((x) => kind(x) !== kind(v))
  return candidates[Math.floor(pick() * candidates.length)]
}

const inAnswer = (path: ReadonlyArray<string | number>) => path.includes("answer")
const optionalKey = (path: ReadonlyArray<string | number>) => {
  const k = path[path.length - 1]
  return k === "source" || k === "of"
}
const isNumberInRequest = (root: unknown, path: ReadonlyArray<string | number>) =>
  typeof parentOf(root, path)[path[path.length - 1] as string] === "number"

/**
 * One malformed variant of a real stored record (or of its bare log), by a random mutation.
 * Every variant is malformed: replaying it must fail. `truncated` ones still restore a
 * pending step (the log ran out), so they fail only when replayed.
 */
const mutate = (
  base: Decision.Stored,
  pick: () => number
): { readonly input: unknown; readonly kind: string; readonly truncated: boolean } => {
  const bare = pick() < 0.3
  const root: unknown = bare ? clone(base.log) : clone(base)
  const all = paths(root)
  const choose = <A>(xs: ReadonlyArray<A>): A => xs[Math.floor(pick() * xs.length)] as A
  const kinds = [
    "dropKey",
    "wrongType",
    "extraKey",
    "wrongId",
    "hugeNumber",
    "truncate",
    "wrongRuleset",
    "wrongVersion",
    "wrongFormat",
    "wholeValue",
    "notARequest"
  ] as const
  const kind = choose(
    bare ? kinds.filter((k) => !k.startsWith("wrong") || k === "wrongType" || k === "wrongId") : kinds
  )
  switch (kind) {
    case "dropKey": {
      const keys = all.filter((p) => typeof p[p.length - 1] === "string" && !inAnswer(p) && !optionalKey(p))
      const p = choose(keys)
      delete parentOf(root, p)[p[p.length - 1] as string]
      return { input: root, kind, truncated: false }
    }
    case "wrongType": {
      const p = choose(all.filter((q) => !(inAnswer(q) && q[q.length - 1] !== "answer")))
      const parent = parentOf(root, p)
      const k = p[p.length - 1] as string
      parent[k] = otherType(parent[k], pick)
      return { input: root, kind, truncated: false }
    }
    case "extraKey": {
      const objects = [[], ...all].filter((p) => {
        const v = p.length === 0 ? root : parentOf(root, p)[p[p.length - 1] as string]
        return typeof v === "object" && v !== null && !Array.isArray(v)
      })
      const p = choose(objects)
      const v = (p.length === 0 ? root : parentOf(root, p)[p[p.length - 1] as string]) as Record<
        string,
        unknown
      >
      v[choose(["extra", "__proto__x", "constructor", "Format"])] = choose(["x", 1, null])
      return { input: root, kind, truncated: false }
    }
    case "wrongId": {
      const ids = all.filter((p) => p[p.length - 1] === "id" && p.includes("request"))
      const p = choose(ids)
      parentOf(root, p).id = choose(["d99", "", "D1", "d0"])
      return { input: root, kind, truncated: false }
    }
    case "hugeNumber": {
      const nums = all.filter(
        (p) => isNumberInRequest(root, p) || (inAnswer(p) && isNumberInRequest(root, p))
      )
      if (nums.length === 0) {
        // no number in this log: a huge number where a string is wanted
        const p = choose(all.filter((q) => typeof parentOf(root, q)[q[q.length - 1] as string] === "string"))
        parentOf(root, p)[p[p.length - 1] as string] = 1e308
        return { input: root, kind, truncated: false }
      }
      const p = choose(nums)
      parentOf(root, p)[p[p.length - 1] as string] = choose([
        1e308,
        2 ** 53 + 1,
        -1,
        2.5,
        Number.POSITIVE_INFINITY
      ])
      return { input: root, kind, truncated: false }
    }
    case "truncate": {
      const log = (bare ? root : (root as { log: Array<unknown> }).log) as Array<unknown>
      log.length = Math.floor(pick() * log.length)
      return { input: root, kind, truncated: true }
    }
    case "wrongRuleset":
      ;(root as { ruleset: unknown }).ruleset = choose(["fab", "mtg", "", "Affected"])
      return { input: root, kind, truncated: false }
    case "wrongVersion":
      ;(root as { rulesVersion: unknown }).rulesVersion = choose(["T 2025-01", "", "t 2026-01"])
      return { input: root, kind, truncated: false }
    case "wrongFormat":
      ;(root as { format: unknown }).format = choose([0, 2, "1", null, 1.5])
      return { input: root, kind, truncated: false }
    case "notARequest": {
      const entries = all.filter((p) => p[p.length - 1] === "request")
      const p = choose(entries)
      parentOf(root, p).request = choose([null, "garbage", 42, [], ["d1"], true])
      return { input: root, kind, truncated: false }
    }
    case "wholeValue":
      return {
        input: choose([
          null,
          "garbage",
          42,
          true,
          {},
          [{}],
          [{ answer: "x" }],
          [null],
          [[]],
          deep(3000),
          "[]"
        ]),
        kind,
        truncated: false
      }
  }
}

type Restore = (
  rules: Policy.Rules,
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  view: typeof import("./fixtures.js").view,
  input: unknown
) => Kernel.Step

/**
 * The property: over `cases` variants from `seed`, restoring never throws, fails only with a
 * typed error (or, for a truncated log, is pending), and replaying never succeeds. Returns the
 * counterexamples.
 */
const property = (restore: Restore, seed: number, cases: number): ReadonlyArray<string> => {
  const base = Decision.store(rules, finished().decisions)
  const pick = prng(seed)
  const bad: Array<string> = []
  for (let n = 0; n < cases; n++) {
    const { input, kind, truncated } = mutate(base, pick)
    const shown = () => `#${n} ${kind}: ${JSON.stringify(input)?.slice(0, 160)}`
    let step: Kernel.Step
    try {
      step = restore(rules, event, ledger, view, clone(input === undefined ? null : input))
    } catch (e) {
      bad.push(`${shown()} threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`)
      continue
    }
    if (step._tag === "Failed") {
      if (!isTyped(step.error)) bad.push(`${shown()} failed with an untyped ${String(step.error)}`)
    } else if (!(truncated && step._tag === "Pending")) bad.push(`${shown()} was accepted (${step._tag})`)
  }
  return bad
}

const real: Restore = (r, e, l, v, input) => Kernel.restore(r, e, l, v, input as Decision.Stored)

/**
 * The mutant: a decoder that checks the record's envelope and that the log is an array of
 * objects with an answer, but not the requests' shape — the one malformed shape it lets through
 * is a request that is not a request.
 */
const laxEntry = Schema.Struct({ request: Schema.Unknown, answer: Decision.Answer })
const laxDecode = Schema.decodeUnknownResult(Schema.Array(laxEntry))
const mutant: Restore = (r, e, l, v, input) => {
  const log = Array.isArray(input) ? input : (input as { log?: unknown } | null)?.log
  const decoded = laxDecode(log)
  if (Result.isFailure(decoded))
    return { _tag: "Failed", error: new Errors.InvalidInput({ path: "log", reason: "does not decode" }) }
  return replayDecoded(r, e, l, v, decoded.success as ReadonlyArray<Decision.LogEntry>)
}

describe("fuzz: malformed stored records give typed errors only", () => {
  const seed = 20261202
  const cases = 600

  it(`${cases} mutations of a real record (seed ${seed}): no throw, typed errors, nothing accepted`, () => {
    assert.deepStrictEqual(property(real, seed, cases), [])
  })

  it("Resolver.replay over the same corpus never succeeds and never throws", () => {
    const base = Decision.store(rules, finished().decisions)
    const pick = prng(seed + 1)
    for (let n = 0; n < 200; n++) {
      const { input, kind } = mutate(base, pick)
      const r = Resolver.replay(rules, event, ledger, view, input as Decision.Stored)
      assert.isTrue(
        Result.isFailure(r) && isTyped(r.failure),
        `#${n} ${kind}: ${JSON.stringify(input)?.slice(0, 120)}`
      )
    }
  })

  it("the old restore (no decoding: the log replayed as given) fails the same property", () => {
    const undecoded: Restore = (r, e, l, v, input) =>
      replayDecoded(r, e, l, v, input as ReadonlyArray<Decision.LogEntry>)
    const found = property(undecoded, seed, cases)
    assert.isTrue(
      found.some((f) => f.includes("TypeError")),
      found.slice(0, 3).join("\n")
    )
  })

  it("the mutant decoder (requests unchecked) is caught by the same property", () => {
    const found = property(mutant, seed, cases)
    assert.isAbove(found.length, 0)
    // among them a raw TypeError, as the issue saw on a server
    assert.isTrue(
      found.some((f) => f.includes("TypeError")),
      found.join("\n")
    )
  })
})
