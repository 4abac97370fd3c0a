/**
 * Prepared inputs (issue 19): the kernel remembers what it derives from its inputs — the effect
 * index and validation per effects list, the effects' check against a view per (effects, view),
 * an event's check per (event, view), the ordering policy's `chooserOf` per (view, object), the
 * merged candidate lists per effects list — keyed on the identity of those immutable values. The
 * law: resolving against warm caches (the same ledger, view and event objects resolved again and
 * again, interleaved with other views and events, and with the ledgers the resolutions return)
 * gives exactly what resolving cold does (structurally equal fresh copies, inside
 * `Kernel.unprepared`, which remembers nothing).
 * Among the views: a unit that changes controller (who chooses, who is linked, MTG CR 616.1), an
 * active player change (APNAP order), and a view without a player the effects name (a typed
 * error). A resolver whose preparation is keyed on the ledger alone (a stale cache: it keeps the
 * view it first saw) breaks the law.
 */
import { assert, describe, it } from "@effect/vitest"
import { GameEvent, GameView, Kernel, type Ledger, Resolver } from "../src/index.js"
import { type World, WorldSpec, worldOf } from "./world.js"

const json = (x: unknown): string =>
  JSON.stringify(x, (_k, v) => (v instanceof Map ? [...v] : v instanceof Set ? [...v] : v))

/** The views a board is resolved against (each a distinct value). */
const viewsOf = (view: GameView.GameView): ReadonlyArray<GameView.GameView> => {
  const objects = Object.values(view.objects).filter((o) => o.kind !== "player")
  const swapped = GameView.make({
    players: view.players,
    activePlayer: view.activePlayer,
    objects: objects.map((o) => (o.id === "napUnit" ? { ...o, controller: "ap" } : o))
  })
  const napActive = GameView.make({ players: view.players, activePlayer: "nap", objects })
  const noNap = GameView.make({ players: ["ap"], activePlayer: "ap", objects })
  return [view, swapped, napActive, noNap]
}

/** The world's event and a large one (more than 8 occurrences: its check is remembered too). */
const eventsOf = (w: World): ReadonlyArray<GameEvent.GameEvent> => [
  w.event,
  GameEvent.make(
    "big",
    Array.from({ length: 3 }, (_, k) => w.event.occurrences.map((o) => ({ ...o, id: `${o.id}-${k}` }))).flat()
  )
]

type Resolve = (
  w: World,
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  view: GameView.GameView
) => ReturnType<typeof Resolver.resolveSync>

const warm: Resolve = (w, event, ledger, view) =>
  Resolver.resolveSync(w.rules, event, ledger, view, w.chooser)

const cold: Resolve = (w, event, ledger, view) =>
  Kernel.unprepared(() =>
    Resolver.resolveSync(
      w.rules,
      structuredClone(event),
      { effects: structuredClone(ledger.effects), state: structuredClone(ledger.state) },
      structuredClone(view),
      w.chooser
    )
  )

/** Where `resolve` (warm caches) and a cold resolution disagree on a world (empty: nowhere). */
const disagreements = (w: World, resolve: Resolve): Array<string> => {
  const out: Array<string> = []
  const views = viewsOf(w.view)
  const events = eventsOf(w)
  const check = (event: GameEvent.GameEvent, ledger: Ledger.Ledger, view: GameView.GameView, at: string) => {
    const a = resolve(w, event, ledger, view)
    const b = cold(w, event, ledger, view)
    if (json(a) !== json(b)) out.push(`${at}: warm ${json(a).slice(0, 300)} / cold ${json(b).slice(0, 300)}`)
    return a._tag === "Success" ? (a.success as Kernel.Resolution).ledger : undefined
  }
  for (let round = 0; round < 2; round++)
    for (const [i, view] of views.entries())
      for (const [j, event] of events.entries()) {
        const next = check(event, w.ledger, view, `round ${round}, view ${i}, event ${j}`)
        // the ledger a resolution returns keeps the effects list: its preparation is reused
        if (next !== undefined)
          check(event, next, view, `round ${round}, view ${i}, event ${j}, returned ledger`)
      }
  return out
}

/** The mutant: preparation keyed on the ledger alone — it keeps the first view it was given. */
const staleByLedger = (): Resolve => {
  const seen = new WeakMap<ReadonlyArray<unknown>, GameView.GameView>()
  return (w, event, ledger, view) => {
    let v = seen.get(ledger.effects)
    if (v === undefined) {
      v = view
      seen.set(ledger.effects, v)
    }
    return Resolver.resolveSync(w.rules, event, ledger, v, w.chooser)
  }
}

/**
 * The mutant of the kernel's memo of effect states (`baseStateOf`), were it kept per effects list
 * instead of per ledger: a ledger a resolution returns shares the first ledger's effects list,
 * so it would be read with the first ledger's states (a spent shield would prevent again).
 */
const statesByEffects = (): Resolve => {
  const seen = new WeakMap<ReadonlyArray<unknown>, Ledger.Ledger["state"]>()
  return (w, event, ledger, view) => {
    let states = seen.get(ledger.effects)
    if (states === undefined) {
      states = ledger.state
      seen.set(ledger.effects, states)
    }
    return Resolver.resolveSync(w.rules, event, { effects: ledger.effects, state: states }, view, w.chooser)
  }
}

/** `count` of nap's "prevent the next `n` damage to napUnit" shields, against `amount` damage to it. */
const shieldsWorld = (n: number, count: number, amount: number): World =>
  worldOf({
    effects: Array.from({ length: count }, () => ({
      kind: "shield" as const,
      n,
      controller: "nap" as const,
      target: "napUnit" as const,
      category: "prevention" as const,
      optional: false,
      additional: false,
      minAmount: 0
    })),
    occurrences: [{ to: "napUnit", amount, preventable: true, source: "src" }],
    rules: "affected",
    chooser: "first"
  })

describe("prepared inputs: warm caches resolve as cold ones (issue 19)", () => {
  it.prop(
    "on generated boards, every view and event, and the returned ledgers",
    [WorldSpec],
    ([spec]) => {
      const d = disagreements(worldOf(spec), warm)
      if (d.length > 0) throw new Error(d.join("\n"))
    },
    { arbitrary: { runs: 80, seed: 20261201 } }
  )

  /**
   * MTG CR 616.1 / 615.7: one shield over damage to two objects of one controller links their
   * groups (that player divides it); when one of them changes controller (the second view) they
   * are two players' groups, ordered apart. The remembered `chooserOf` must follow the view.
   */
  it("a shield over two objects whose controllers differ by view: linked in one, not in the other", () => {
    const w = worldOf({
      effects: [
        {
          kind: "shield",
          n: 2,
          controller: "nap",
          target: "any",
          category: "prevention",
          optional: false,
          additional: false,
          minAmount: 0
        }
      ],
      occurrences: [
        { to: "napUnit", amount: 2, preventable: true, source: "src" },
        { to: "napAlly", amount: 2, preventable: true, source: "src" }
      ],
      rules: "affected",
      chooser: "last"
    })
    const [base, swapped] = viewsOf(w.view) as [GameView.GameView, GameView.GameView]
    const linked = (view: GameView.GameView) =>
      Kernel.unprepared(() => Resolver.resolveSync(w.rules, w.event, w.ledger, view, w.chooser))
    // the two views really differ here (so a stale chooser would show)
    assert.notStrictEqual(json(linked(base)), json(linked(swapped)))
    assert.deepStrictEqual(disagreements(w, warm), [])
  })

  it("a preparation keyed on the ledger alone (a stale view) is caught", () => {
    const w = shieldsWorld(2, 1, 3)
    assert.deepStrictEqual(disagreements(w, warm), [])
    assert.isAbove(disagreements(w, staleByLedger()).length, 0)
  })

  it("effect states remembered per effects list, not per ledger (a spent shield read as fresh), are caught", () => {
    // "prevent the next 2" against 3 damage: the returned ledger's shield is spent, so the
    // second resolution against it prevents nothing; the mutant reads it as 2 left again
    const w = shieldsWorld(2, 1, 3)
    assert.deepStrictEqual(disagreements(w, warm), [])
    assert.isAbove(disagreements(w, statesByEffects()).length, 0)
  })

  it("a ledger of more than 8 effects (where the kernel remembers their states) resolves as cold, and its returned ledger too", () => {
    // ten "prevent the next 1" shields against 12 damage: the first resolution spends them all
    // (2 dealt); against the returned ledger none is left (12 dealt). A memo of states kept
    // per effects list would read them fresh again
    const w = shieldsWorld(1, 10, 12)
    assert.isAbove(w.ledger.effects.length, 8)
    assert.deepStrictEqual(disagreements(w, warm), [])
    assert.isAbove(disagreements(w, statesByEffects()).length, 0)
  })
})
