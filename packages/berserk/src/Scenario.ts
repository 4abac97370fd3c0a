/**
 * The Берсерк words of the one scenario language (scenario format 4): cards are objects with
 * `types: [creature]` and the game's properties, the effect kinds of {@link Effects} (each the
 * constructor of the same name), and the `attack` step.
 *
 * ```yaml
 * format: 4
 * ruleset: berserk
 * players: [ap, ip]
 * turn: ap                     # «активный игрок»; the inactive player is the other one
 * objects:
 *   - { id: orc, controller: ap, types: [creature], cost: 2, strength: 3 }
 *   - { id: guard, controller: ip, types: [creature], cost: 3, life: 6, protections: [выстрелов] }
 * effects:
 *   - { kind: prevent, id: shield, controller: ip, to: [guard], amount: 4 }  # "prevent the next 4 wounds"
 *   - { kind: strengthModifier, id: rage, value: 2, from: [orc] }             # "+2 to the orc's attacks"
 * steps:
 *   - attack: { id: a1, kind: удар, from: orc, to: guard }
 * expect:
 *   state: { a1: { strength: 5 }, guard: { wounds: 1 } }
 * ```
 *
 * A card's own strength modifiers — core's `modifyProperty` of its `strength` («+1 к силе»,
 * `{ kind: modifyProperty, id: rage, to: orc, prop: strength, plus: 1, duration: endOfTurn }`) —
 * are on the card from where they are written until their `duration` ends (core `Modifiers`: a doubling adds the strength as it is
 * then): every attack that starts from the card's strength (its attacks without a `strength:` of
 * their own, its retaliation) starts from the modified strength. Attack modifiers
 * (`strengthModifier`) are replacements of the attack's wounds in the category `attackModifier`,
 * which the ordering policy applies before every other group (core's `first`: as arithmetic, even
 * to an attack of strength 0, signed on the way; 533.2, 534.2), in the order the
 * file writes them: the wounds start from the card's strength and the trace shows each modifier
 * applied; the attack's `strength` in the view shows the strength they give. Each attack gets its
 * own object in the view (id: the attack id, or `<attack>:<target>` when it has several targets)
 * holding `kind`, `strength`, `baseStrength` (the strength before any modifier: the card's
 * unmodified strength, or the attack's own `strength:`) and `woundsDealt`, so the outcome shows
 * the strength unchanged by prevention (533.1) next to the wounds; the trace shows each modifier,
 * the card's first. At the end of the turn (`advance: endOfTurn`) the other player
 * becomes the active player.
 *
 * @since 0.1.0
 * @module
 */
import {
  Amount,
  GameEvent,
  GameView,
  Generic,
  Language,
  Modifiers,
  type Replacement,
  Ruleset
} from "@bulwark/core"
import * as Schema from "effect/Schema"
import * as Attack from "./Attack.js"
import * as Effects from "./Effects.js"
import * as Expansions from "./internal/effects/expansions.js"

const Id = Schema.NonEmptyString
const opt = Schema.optionalKey

/**
 * The properties of a card (beyond the skeleton's `id`, `controller`, `owner`, `zone`, `name`,
 * `keywords`, free `props` and `types`, whose one item is the card's type, default `creature`):
 * `cost`, `strength` (the default strength of its attacks), `life`, `wounds` (default 0),
 * `closed` (default false), `protections` (attack kinds or tags, English or Russian: `[shot]`,
 * `[выстрелов, магии]`) and `armor` («Броня N»).
 *
 * @example
 * ```ts
 * import { Scenario } from "@bulwark/berserk"
 * Object.keys(Scenario.cardFields).includes("protections") // true
 * ```
 * @since 0.1.0
 * @category words
 */
export const cardFields = {
  cost: opt(Amount.SignedSchema),
  strength: opt(Amount.Schema),
  life: opt(Amount.Schema),
  wounds: opt(Amount.Schema),
  closed: opt(Schema.Boolean),
  protections: opt(Schema.Array(Schema.String)),
  armor: opt(Amount.Schema)
} as const

/**
 * The view's object of a card: `type` (the one item of `types`, default `creature`), `wounds`
 * (default 0), `closed` (default false), its properties (protections normalised to English
 * tags) and `props`; zone `battlefield` unless it names one (`flyers`: the flyers' zone, in play
 * too; `graveyard`, `hand`: out of play), owner its controller.
 *
 * @example
 * ```ts
 * import { Scenario } from "@bulwark/berserk"
 * Scenario.card({ id: "orc", controller: "ap", cost: 2 }).props // { type: "creature", wounds: 0, closed: false, cost: 2 }
 * ```
 * @since 0.1.0
 * @category words
 */
export const card = (entry: Language.ObjectEntry): GameView.GameObject => {
  const e = entry as Language.ObjectEntry & {
    readonly [K in keyof typeof cardFields]?: (typeof cardFields)[K]["Type"]
  } & { readonly name?: string; readonly props?: Readonly<Record<string, GameView.Prop>> }
  if (e.types !== undefined && e.types.length !== 1)
    Ruleset.invalid(`objects.${e.id}.types`, "a card has one type: types: [creature]")
  const props: Record<string, GameView.Prop> = {
    type: e.types?.[0] ?? "creature",
    wounds: e.wounds ?? 0,
    closed: e.closed ?? false
  }
  if (e.name !== undefined) props.name = e.name
  if (e.cost !== undefined) props.cost = e.cost
  if (e.strength !== undefined) props.strength = e.strength
  if (e.life !== undefined) props.life = e.life
  if (e.armor !== undefined) props.armor = e.armor
  if (e.protections !== undefined) props.protections = e.protections.map(Attack.parseTag)
  return {
    id: e.id,
    kind: "object",
    ...(e.controller === undefined ? {} : { controller: e.controller }),
    ...((e.owner ?? e.controller) === undefined ? {} : { owner: (e.owner ?? e.controller) as string }),
    zone: e.zone ?? "battlefield",
    props: { ...props, ...e.props }
  }
}

/**
 * The effects a card brings with it: its protections («Защита от …», id `<card>:protection`)
 * and its armour («Броня N», id `<card>:armor`).
 *
 * @example
 * ```ts
 * import { Scenario } from "@bulwark/berserk"
 * Scenario.keywords({ id: "guard", controller: "ip", protections: ["выстрелов"] }).map((e) => e.id) // ["guard:protection"]
 * ```
 * @since 0.1.0
 * @category words
 */
export const keywords = (entry: Language.ObjectEntry): ReadonlyArray<Replacement.Replacement> => {
  const out: Array<Replacement.Replacement> = []
  // a card out of play has only an owner, who decides for its effects
  const controller = entry.controller ?? entry.owner ?? ""
  const protections = entry.protections as ReadonlyArray<string> | undefined
  const armor = entry.armor as number | undefined
  if (protections !== undefined && protections.length > 0)
    out.push(Effects.protection({ card: entry.id, controller, kinds: protections }))
  if (armor !== undefined && armor > 0) out.push(Effects.armor({ card: entry.id, controller, amount: armor }))
  return out
}

/**
 * Schema of an attack's retaliation («ответный удар»): the strike the attacked creature deals
 * back to the attacker in the same step — `id` (default `<attack>:retaliation`), `strength`
 * (default: the attacked creature's `strength`) and extra `tags`. `retaliation: true` is the
 * same with every default.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/berserk"
 * Schema.decodeUnknownSync(Scenario.RetaliationInput)({ strength: 2 })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const RetaliationInput = Schema.Struct({
  id: opt(Id),
  strength: opt(Amount.Schema),
  tags: opt(Schema.Array(Schema.String))
})

/**
 * Schema of an attack step: `id`, `kind` (English or Russian: `strike`/`удар`, `shot`/`выстрел`,
 * `throw`/`метание`, `discharge`/`разряд`, `magic`/`магия`, `poison`/`яд`, `spell`/`заклинание`),
 * `strength` (default: the attacker's `strength`), `from` (the attacking card), `to` (a card or a
 * list of cards), extra `tags`, and `retaliation` ({@link RetaliationInput}, or `true`): a strike
 * at one creature answered by that creature's strike at the attacker, both dealt at once — one
 * event of two occurrences (see {@link RULE_RETALIATION}).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/berserk"
 * Schema.decodeUnknownSync(Scenario.AttackInput)({ id: "a1", kind: "удар", strength: 4, from: "orc", to: "guard" })
 * Schema.decodeUnknownSync(Scenario.AttackInput)({ id: "a2", kind: "удар", from: "orc", to: "guard", retaliation: true })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const AttackInput = Schema.Struct({
  id: Id,
  kind: Schema.NonEmptyString,
  strength: opt(Amount.Schema),
  from: opt(Id),
  to: Schema.Union([Id, Schema.Array(Id)]),
  tags: opt(Schema.Array(Schema.String)),
  retaliation: opt(Schema.Union([Schema.Literal(true), RetaliationInput]))
})

/**
 * An attack step as written. See the {@link AttackInput} schema.
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/berserk"
 * const a: Scenario.AttackInput = { id: "a1", kind: "shot", strength: 2, to: "orc" }
 * ```
 * @since 0.1.0
 * @category model
 */
export type AttackInput = typeof AttackInput.Type

/**
 * The reading this package gives a strike and its retaliation («ответный удар»), cited in the
 * trace: they are dealt at once, as one event (a batch of two simultaneous occurrences), so
 * neither blow sees what the other did — each creature's effects apply to the wounds it is to
 * receive (533.3 orders them per creature), both creatures' wounds are marked, and then each
 * whose wounds reach its life dies (the deaths follow the whole event): a creature the strike
 * kills still deals its retaliation, and a strike prevented or replaced down to 0 leaves the
 * retaliation as it was. The rules text available (533–534) says nothing of the order; see
 * the README's interpretation 15 for what it rests on and the reading not taken.
 *
 * @example
 * ```ts
 * import { Scenario } from "@bulwark/berserk"
 * Scenario.RULE_RETALIATION.includes("interpretation") // true
 * ```
 * @since 0.1.0
 * @category words
 */
export const RULE_RETALIATION =
  "Берсерк (interpretation): a strike and its retaliation («ответный удар») are dealt at once, one event; the deaths follow both"

// one blow of an attack: its own object in the view, its occurrence, and the note's words
interface Blow {
  readonly object: GameView.GameObject
  readonly occurrence: GameEvent.Occurrence
  readonly said: Readonly<Record<string, string>>
  readonly line: string
}

// builds one blow: its wounds start from the card's strength as modified (the attack modifiers
// are replacements the resolver applies first, 533.2); the strength it shows (its object, the
// step's line) has the written modifiers too, in the order written (core Modifiers' layer: a
// doubling adds the strength as it is then). A blow that starts from a card's strength (`card`)
// starts from its unmodified strength and shows the card's own modifiers first, with the
// amounts the card records
const blow = (
  view: GameView.GameView,
  written: ReadonlyArray<typeof Effects.StrengthModifierOptions.Type>,
  b: {
    readonly id: string
    readonly kind: Attack.Kind
    readonly tags: ReadonlyArray<string>
    readonly base: number
    readonly card?: string | undefined
    readonly target: string
    readonly source?: string | undefined
    readonly controller?: string | undefined
    readonly props?: Readonly<Record<string, GameView.Prop>>
  }
): Blow => {
  const own = b.card === undefined ? [] : Modifiers.of(view, b.card).filter((m) => m.prop === "strength")
  const base = own.reduce((n, m) => n - m.delta, b.base)
  let scratch = GameView.make({
    players: [],
    activePlayer: view.activePlayer,
    objects: [{ id: b.id, kind: "object", props: { strength: base } }]
  })
  for (const m of own)
    scratch = Modifiers.add(scratch, { id: m.id, to: [b.id], prop: "strength", plus: m.delta })
  // the wounds start from the card's strength as modified: the attack modifiers are the
  // resolver's (category `attackModifier`, applied first, 533.2); the attack's `strength` shows them
  const start = Math.max(0, Modifiers.value(scratch, b.id, "strength"))
  for (const m of written) {
    if (!Effects.modifies(view, m, { target: b.target, source: b.source, kinds: b.tags })) continue
    scratch = Modifiers.add(scratch, {
      id: m.id,
      to: [b.id],
      prop: "strength",
      plus: m.value,
      times: m.times
    })
  }
  const applied = Modifiers.of(scratch, b.id).map((x) => `${x.delta >= 0 ? "+" : ""}${x.delta} (${x.id})`)
  const strength = Math.max(0, Modifiers.value(scratch, b.id, "strength"))
  return {
    said: {
      id: b.id,
      kind: b.kind,
      target: b.target,
      base: String(base),
      mods: applied.join(" "),
      strength: String(strength)
    },
    line: `${b.id}: ${b.kind} on ${b.target}, strength ${base}${applied.length === 0 ? "" : ` ${applied.join(" ")} = ${strength}`}`,
    object: {
      id: b.id,
      kind: "object",
      ...(b.controller === undefined ? {} : { controller: b.controller }),
      zone: "attack",
      props: {
        type: "attack",
        kind: b.kind,
        tags: [...b.tags],
        strength,
        baseStrength: base,
        woundsDealt: 0,
        target: b.target,
        ...(b.source === undefined ? {} : { from: b.source }),
        ...b.props
      }
    },
    occurrence: GameEvent.occurrence({
      id: b.id,
      family: GameEvent.DAMAGE,
      subject: b.target,
      ...(b.source === undefined ? {} : { source: b.source }),
      amount: start,
      kinds: b.tags,
      params: { attack: b.id, kind: b.kind, strength, baseStrength: base }
    })
  }
}

// the retaliation of a strike at one creature: checked, then built as a blow of the defender
const retaliationOf = (
  a: AttackInput,
  ctx: Language.CompileContext,
  c: {
    readonly view: GameView.GameView
    readonly kind: Attack.Kind
    readonly targets: ReadonlyArray<string>
    readonly written: ReadonlyArray<typeof Effects.StrengthModifierOptions.Type>
    readonly claim: (id: string, path: string) => void
  }
): Blow | undefined => {
  if (a.retaliation === undefined) return undefined
  const at = `${ctx.path}.retaliation`
  const r = a.retaliation === true ? {} : a.retaliation
  if (c.kind !== "strike")
    ctx.invalid(at, `a retaliation («ответный удар») answers a strike («удар»), not a ${c.kind}`)
  if (a.from === undefined) ctx.invalid(at, "a retaliation is dealt to the attacker: the attack needs `from`")
  const defenderId = c.targets[0] as string
  if (c.targets.length !== 1)
    ctx.invalid(at, "a retaliation comes from the one attacked creature: the attack needs one target")
  const defender = c.view.objects[defenderId] as GameView.GameObject
  const base = r.strength ?? defender.props.strength
  if (typeof base !== "number")
    ctx.invalid(`${at}.strength`, `needs a strength (or an attacked creature ${defenderId} with a strength)`)
  const id = r.id ?? `${a.id}:retaliation`
  c.claim(id, r.id === undefined ? at : `${at}.id`)
  return blow(c.view, c.written, {
    id,
    kind: "strike",
    tags: Attack.tagsOf("strike", [Attack.RETALIATION, ...(r.tags ?? [])]),
    base: base as number,
    card: r.strength === undefined ? defenderId : undefined,
    target: a.from as string,
    source: defenderId,
    controller: defender.controller,
    props: { retaliates: a.id }
  })
}

// the attack modifiers written and still lasting, named (`strengthModifier`) or in their generic
// form (`kind: replace`, `category: attackModifier`, `times` / `plus` / `minus`), as the options
// the attack's shown strength reads (the resolver applies them, 533.2)
const attackModifiers = (
  written: ReadonlyArray<Language.WrittenEffect>
): ReadonlyArray<typeof Effects.StrengthModifierOptions.Type> =>
  written.flatMap((w) => {
    if (w.kind === "strengthModifier") return [w.options as typeof Effects.StrengthModifierOptions.Type]
    const o = w.options as Readonly<Record<string, unknown>>
    if (w.kind !== "replace" || o.category !== "attackModifier") return []
    const n = (k: string): number | undefined => (typeof o[k] === "number" ? (o[k] as number) : undefined)
    const value = n("plus") ?? (n("minus") === undefined ? undefined : -(n("minus") as number))
    const times = n("times")
    return [
      {
        ...(o as typeof Effects.StrengthModifierOptions.Type),
        ...(value === undefined ? {} : { value }),
        ...(times === undefined ? {} : { times })
      }
    ]
  })

const compileAttack = (a: AttackInput, ctx: Language.CompileContext): ReadonlyArray<Ruleset.Step> => {
  const at = ctx.path
  const view = ctx.current ?? ctx.view
  const cardAt = (id: string, path: string): GameView.GameObject => {
    const o = GameView.get(view, id)
    if (o === undefined || o.kind !== "object") return ctx.invalid(path, `unknown card ${JSON.stringify(id)}`)
    return o
  }
  const kind =
    Attack.parseKind(a.kind) ??
    ctx.invalid(`${at}.kind`, `unknown attack kind ${JSON.stringify(a.kind)} (${Attack.kinds.join(", ")})`)
  const attacker = a.from === undefined ? undefined : cardAt(a.from, `${at}.from`)
  const base = a.strength ?? attacker?.props.strength
  if (typeof base !== "number")
    ctx.invalid(`${at}.strength`, "needs a strength (or an attacker with a strength)")
  const targets = typeof a.to === "string" ? [a.to] : a.to
  if (targets.length === 0) ctx.invalid(`${at}.to`, "an attack needs a target")
  const used = new Set(Object.keys(view.objects))
  const claim = (id: string, path: string): void => {
    if (used.has(id)) ctx.invalid(path, `the id ${JSON.stringify(id)} is already used`)
    used.add(id)
  }
  claim(a.id, `${at}.id`)
  const tags = Attack.tagsOf(kind, a.tags)
  const written = attackModifiers(ctx.written ?? [])
  const blows: Array<Blow> = []
  for (const [t, target] of targets.entries()) {
    cardAt(target, `${at}.to${typeof a.to === "string" ? "" : `[${t}]`}`)
    const objId = targets.length === 1 ? a.id : `${a.id}:${target}`
    if (targets.length > 1) claim(objId, `${at}.to[${t}]`)
    blows.push(
      blow(view, written, {
        id: objId,
        kind,
        tags,
        base: base as number,
        card: a.strength === undefined ? a.from : undefined,
        target,
        source: a.from,
        controller: attacker?.controller
      })
    )
  }
  const retaliation = retaliationOf(a, ctx, { view, kind, targets, written, claim })
  if (retaliation !== undefined) blows.push(retaliation)
  // the note's words by key (Lang: Russian and English), one set per blow; a retaliation's
  // line says so (`retaliation<i>`), and the note then says both are dealt at once
  const said: Record<string, string> = { n: String(blows.length) }
  for (const [i, b] of blows.entries()) for (const [k, v] of Object.entries(b.said)) said[`${k}${i}`] = v
  if (retaliation !== undefined) {
    said[`retaliation${blows.length - 1}`] = "1"
    said.together = "1"
  }
  const lines = blows.map((b, i) =>
    retaliation !== undefined && i === blows.length - 1 ? `${b.line} (retaliation)` : b.line
  )
  const together =
    retaliation === undefined
      ? ""
      : `; the strike and its retaliation are dealt at once (${RULE_RETALIATION})`
  return [
    {
      _tag: "Update",
      label: `attack ${lines.join("; ")} — attack modifiers are applied first, the wounds start from the strength (Берсерк 533.2, 534.2)${together}`,
      phrase: { key: "attack", args: said },
      apply: (v) => GameView.batch(v, (d) => blows.reduce((acc, b) => GameView.setObject(acc, b.object), d))
    },
    {
      _tag: "Event",
      event: GameEvent.make(
        a.id,
        blows.map((b) => b.occurrence)
      )
    }
  ]
}

/**
 * The Берсерк words (the ruleset's `language`): players with no properties, cards
 * ({@link cardFields}, {@link card}, their keyword effects {@link keywords}), the effect kinds —
 * `replace` and `prevent` (core `Generic`), core's `modifyProperty` (`Modifiers`: «+N к силе»,
 * «сила удваивается» of a card, read by every attack that starts from the card's strength),
 * `noWoundsFrom`, `woundsOnlyFrom`, `moreWounds`, `fewerWounds`, `serk`, `strengthModifier`, each
 * `make` the {@link Effects} constructor of the same name, each saying what it means in the
 * generic form (`generic`; `strengthModifier` is a `replace` of category `attackModifier`, see
 * `internal/effects/expansions.ts`) —, the
 * `attack` step, occurrence kinds in English or Russian, the event families of
 * {@link Effects.families} (an `open`, `close`, `die` or `zoneChange` that names no amount happens once), and
 * the end of the turn passing the turn to the other player.
 *
 * @example
 * ```ts
 * import { Scenario } from "@bulwark/berserk"
 * Object.keys(Scenario.language.effects).includes("strengthModifier") // true
 * ```
 * @since 0.1.0
 * @category words
 */
export const language: Language.Language = {
  turn: "активный игрок (active player)",
  players: { fields: {} },
  objects: { fields: cardFields, defaultZone: "battlefield", make: card, effects: keywords },
  // closed words: the zones (in play: the battlefield and the flyers' zone; out of play) and the
  // card types; attack kinds and tags stay open (a card may name its own tags)
  vocabulary: {
    zones: [...Effects.inPlay, "attack", "graveyard", "hand", "deck"],
    types: ["creature", "artifact", "terrain", "equipment", "spell"],
    categories: Effects.generic.categories
  },
  effects: {
    // «+N к силе», «сила удваивается» of a card: core's one modifier of a number property
    [Modifiers.KIND]: Modifiers.effectKind,
    ...Generic.kinds({ replace: Effects.replace, prevent: Effects.prevent }),
    noWoundsFrom: Language.effectKind({
      summary: "«Не получает ран от …» (534.1.1)",
      options: Effects.CommonOptions,
      make: Effects.noWoundsFrom,
      generic: Expansions.noWoundsFrom
    }),
    woundsOnlyFrom: Language.effectKind({
      summary: "«Получает раны только от …» (534.1.1)",
      options: Effects.CommonOptions,
      make: Effects.woundsOnlyFrom,
      generic: Expansions.woundsOnlyFrom
    }),
    moreWounds: Language.effectKind({
      summary: "«Получает на X больше ран от …» (534.1.1)",
      options: Effects.WoundsOptions,
      make: Effects.moreWounds,
      generic: Expansions.moreWounds
    }),
    fewerWounds: Language.effectKind({
      summary: "«Получает на X меньше ран от …» (534.1.1)",
      options: Effects.WoundsOptions,
      make: Effects.fewerWounds,
      generic: Expansions.fewerWounds
    }),
    serk: Language.effectKind({
      summary: "Серк: «Если должен излечиться – вместо этого может открыться (1 раз за ход)» (534.1)",
      options: Effects.SerkOptions,
      make: Effects.serk,
      generic: Expansions.serk
    }),
    strengthModifier: Language.effectKind({
      summary:
        "«модификатор атаки»: × then ± to the attack's wounds, before every other group, in the order written (533.2)",
      options: Effects.StrengthModifierOptions,
      make: Effects.strengthModifier,
      generic: Expansions.strengthModifier
    })
  },
  steps: {
    attack: Language.stepKind({
      summary:
        "an attack (удар, выстрел, …): its modifiers, then wounds to its targets; a strike's retaliation («ответный удар») dealt at the same time",
      schema: AttackInput,
      compile: compileAttack
    })
  },
  update: {
    fields: {},
    // a card leaving play takes its prevention effects with it (533.6): say so
    label: (u, view) => {
      const zone = u.zone
      const from = view.objects[u.object]?.zone
      return typeof zone === "string" &&
        !Effects.inPlay.includes(zone) &&
        from !== undefined &&
        Effects.inPlay.includes(from)
        ? `${u.object} leaves play (${from} to ${zone}): its prevention effects no longer apply (Берсерк 533.6)`
        : undefined
    },
    // the same, by key, so that each language says it (Lang: `leavesPlay`)
    phrase: (u, view) => ({
      key: "leavesPlay",
      args: { object: u.object, from: view.objects[u.object]?.zone ?? "", zone: String(u.zone) }
    })
  },
  occurrences: {
    fields: {},
    make: (entry) => Language.occurrence({ ...entry, kinds: (entry.kinds ?? []).map(Attack.parseTag) })
  },
  boundaries: ["endOfTurn"],
  advance: (boundary) =>
    boundary === "endOfTurn"
      ? {
          after: [
            {
              _tag: "Update",
              label: "end of turn: the other player becomes the active player",
              // the same, by key, so that each language says it (Lang: `endOfTurn`)
              phrase: { key: "endOfTurn", args: {} },
              apply: (v) => ({
                ...v,
                activePlayer: v.players.find((p) => p !== v.activePlayer) ?? v.activePlayer
              })
            }
          ]
        }
      : {},
  durations: ["endOfTurn"],
  // the families, and those that happen once (opening, closing and dying have no number: one
  // that names no amount happens once), from one declaration
  ...Language.familyAmounts(Effects.familyAmounts)
}
