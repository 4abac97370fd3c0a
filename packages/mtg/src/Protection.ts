/**
 * Protection (CR 702.16).
 *
 * Protection is a characteristic of a permanent or player: its `protection` property lists one
 * encoded {@link Quality} per *instance* of the ability (702.16g–i: "from A and from B", "from
 * each …" and "from all [characteristic]" are several separate instances; 702.16m: two
 * instances of the same quality are redundant). Losing one instance removes one entry.
 *
 * - The damage part (702.16e) is an ordinary prevention effect built by {@link preventionEffect}:
 *   `Prevent all` with scope `static`, in the same CR 616 list as every other effect, its source
 *   tested by the named predicate {@link PREDICATE_FROM} and its existence re-checked by
 *   {@link PREDICATE_HAS} each time it could apply.
 * - The other parts are plain functions: {@link canTarget} (702.16b), {@link canEnchant}
 *   (702.16c), {@link canEquip} / {@link canFortify} (702.16d), {@link canBlock} (702.16f), and the
 *   state-based detach of illegal attachments ({@link illegalAttachments},
 *   {@link detachIllegal}), with the "doesn't remove" exceptions of 702.16n and 702.16p.
 *
 * Encoding of an instance: `everything`, `player:<id>`, or `<property>:<value>` where the
 * property is one of `colors`, `types`, `subtypes`, `supertypes`, `name`; optionally followed by
 * `|keep:<id>,<id>` (this instance doesn't remove those attached objects — 702.16n/p) or
 * `|keep:auras` (this instance doesn't remove Auras — 702.16n).
 *
 * @since 0.1.0
 * @module
 */
import { type Filter, GameView, type Replacement } from "@bulwark/core"
import * as Effects from "./Effects.js"
import * as Game from "./Game.js"

/**
 * One protection quality (702.16a): everything (702.16j), a player (702.16k), or a
 * characteristic value (a colour, a card type, a subtype, a supertype, a name).
 *
 * @example
 * ```ts
 * import type { Protection } from "@bulwark/mtg"
 * const red: Protection.Quality = { _tag: "Characteristic", prop: "colors", value: "red" }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Quality =
  | { readonly _tag: "Everything" }
  | { readonly _tag: "Player"; readonly player: string }
  | { readonly _tag: "Characteristic"; readonly prop: string; readonly value: string }

/**
 * One instance of protection: its quality, and what it doesn't remove (702.16n/p).
 *
 * @example
 * ```ts
 * import type { Protection } from "@bulwark/mtg"
 * const i: Protection.Instance = { quality: { _tag: "Everything" }, keep: [] , keepAuras: false }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Instance {
  readonly quality: Quality
  readonly keep: ReadonlyArray<string>
  readonly keepAuras: boolean
}

/**
 * The five colours, for "protection from all colors" (702.16h).
 *
 * @example
 * ```ts
 * import { Protection } from "@bulwark/mtg"
 * Protection.COLORS.length // 5
 * ```
 * @since 0.1.0
 * @category constants
 */
export const COLORS = ["white", "blue", "black", "red", "green"] as const

/**
 * The characteristics a quality can name.
 *
 * @example
 * ```ts
 * import { Protection } from "@bulwark/mtg"
 * Protection.CHARACTERISTICS.includes("colors") // true
 * ```
 * @since 0.1.0
 * @category constants
 */
export const CHARACTERISTICS = ["colors", "types", "subtypes", "supertypes", "name"] as const

/**
 * Encodes a quality as a string (the form stored in the `protection` property).
 *
 * @example
 * ```ts
 * import { Protection } from "@bulwark/mtg"
 * Protection.encode({ _tag: "Player", player: "q" }) // "player:q"
 * ```
 * @since 0.1.0
 * @category encoding
 */
export const encode = (q: Quality): string =>
  q._tag === "Everything" ? "everything" : q._tag === "Player" ? `player:${q.player}` : `${q.prop}:${q.value}`

/**
 * Decodes one stored instance, or returns `undefined` if it is not well formed.
 *
 * @example
 * ```ts
 * import { Protection } from "@bulwark/mtg"
 * Protection.decode("colors:white|keep:blessing")?.keep // ["blessing"]
 * ```
 * @since 0.1.0
 * @category encoding
 */
export const decode = (s: string): Instance | undefined => {
  const [head = "", ...mods] = s.split("|")
  let quality: Quality | undefined
  if (head === "everything") quality = { _tag: "Everything" }
  else {
    const i = head.indexOf(":")
    if (i > 0) {
      const key = head.slice(0, i)
      const value = head.slice(i + 1)
      if (value === "") quality = undefined
      else if (key === "player") quality = { _tag: "Player", player: value }
      else if ((CHARACTERISTICS as ReadonlyArray<string>).includes(key))
        quality = { _tag: "Characteristic", prop: key, value }
    }
  }
  if (quality === undefined) return undefined
  let keep: Array<string> = []
  let keepAuras = false
  for (const m of mods) {
    if (m === "keep:auras") keepAuras = true
    else if (m.startsWith("keep:"))
      keep = [
        ...keep,
        ...m
          .slice(5)
          .split(",")
          .filter((x) => x !== "")
      ]
    else return undefined
  }
  return { quality, keep, keepAuras }
}

/**
 * Parses the shorthand written in scenario files into stored instances: a colour word
 * ("red"), `everything`, `player:<id>`, `<characteristic>:<value>`, or "all colors" / "each
 * color" (702.16h: five instances). Returns `undefined` for anything else.
 *
 * @example
 * ```ts
 * import { Protection } from "@bulwark/mtg"
 * Protection.parse("red") // ["colors:red"]
 * Protection.parse("all colors")?.length // 5
 * ```
 * @since 0.1.0
 * @category encoding
 */
export const parse = (text: string): ReadonlyArray<string> | undefined => {
  const t = text.trim()
  if (t === "all colors" || t === "each color") return COLORS.map((c) => `colors:${c}`)
  if ((COLORS as ReadonlyArray<string>).includes(t)) return [`colors:${t}`]
  return decode(t) === undefined ? undefined : [t]
}

/**
 * The protection instances of a player or object (its `protection` property, decoded).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Protection } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "p", kind: "object", props: { protection: ["colors:red", "colors:red"] } }] })
 * Protection.instances(view, "p").length // 2 (redundant, 702.16m)
 * ```
 * @since 0.1.0
 * @category getters
 */
export const instances = (view: GameView.GameView, id: string): ReadonlyArray<Instance> => {
  const raw = view.objects[id]?.props["protection"]
  if (!Array.isArray(raw)) return []
  const out: Array<Instance> = []
  for (const s of raw) {
    const i = decode(s)
    if (i !== undefined) out.push(i)
  }
  return out
}

/**
 * Whether an object has a quality. `damage` mode is the 702.16k rule for damage ("sources
 * controlled by the specified player or owned by that player but not controlled by another
 * player"); the other parts of 702.16k only look at the controller.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Protection } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["q"], activePlayer: "q", objects: [
 *   { id: "s3", kind: "object", owner: "q", zone: "graveyard", props: {} }] })
 * Protection.hasQuality(view, "s3", { _tag: "Player", player: "q" }, "damage") // true
 * Protection.hasQuality(view, "s3", { _tag: "Player", player: "q" }, "other") // false
 * ```
 * @since 0.1.0
 * @category getters
 */
export const hasQuality = (
  view: GameView.GameView,
  id: string | undefined,
  q: Quality,
  mode: "damage" | "other"
): boolean => {
  if (id === undefined) return false
  const o = view.objects[id]
  if (o === undefined) return false
  switch (q._tag) {
    case "Everything":
      return true
    case "Player": {
      const controller = o.kind === "player" ? o.id : o.controller
      if (controller === q.player) return true
      return mode === "damage" && controller === undefined && o.owner === q.player
    }
    case "Characteristic":
      return Game.has(view, id, q.prop, q.value)
  }
}

/**
 * Whether `protectedId` has protection from `objectId` (any of its instances matches).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Protection } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "p", kind: "object", props: { protection: ["colors:red"] } },
 *   { id: "bolt", kind: "object", props: { colors: ["red"] } }] })
 * Protection.protectedFrom(view, "p", "bolt") // true
 * ```
 * @since 0.1.0
 * @category legality
 */
export const protectedFrom = (
  view: GameView.GameView,
  protectedId: string,
  objectId: string,
  mode: "damage" | "other" = "other"
): boolean => instances(view, protectedId).some((i) => hasQuality(view, objectId, i.quality, mode))

/**
 * 702.16b: "A permanent or player with protection can't be targeted by spells with the stated
 * quality and can't be targeted by abilities from a source with the stated quality." `source`
 * is the spell, or the source of the ability.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Protection } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "p", kind: "object", props: { protection: ["colors:red"] } },
 *   { id: "bolt", kind: "object", props: { colors: ["red"] } }] })
 * Protection.canTarget(view, { target: "p", source: "bolt" }) // false
 * ```
 * @since 0.1.0
 * @category legality
 */
export const canTarget = (
  view: GameView.GameView,
  input: { readonly target: string; readonly source: string }
) => !protectedFrom(view, input.target, input.source)

/**
 * 702.16c: "A permanent or player with protection can't be enchanted by Auras that have the
 * stated quality."
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Protection } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "e", kind: "object", props: { protection: ["everything"] } },
 *   { id: "aura", kind: "object", props: { subtypes: ["Aura"] } }] })
 * Protection.canEnchant(view, { aura: "aura", permanent: "e" }) // false
 * ```
 * @since 0.1.0
 * @category legality
 */
export const canEnchant = (
  view: GameView.GameView,
  input: { readonly aura: string; readonly permanent: string }
) => !protectedFrom(view, input.permanent, input.aura)

/**
 * 702.16d: "A permanent with protection can't be equipped by Equipment that have the stated
 * quality."
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Protection } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "e", kind: "object", props: { protection: ["types:Artifact"] } },
 *   { id: "sword", kind: "object", props: { types: ["Artifact"], subtypes: ["Equipment"] } }] })
 * Protection.canEquip(view, { equipment: "sword", permanent: "e" }) // false
 * ```
 * @since 0.1.0
 * @category legality
 */
export const canEquip = (
  view: GameView.GameView,
  input: { readonly equipment: string; readonly permanent: string }
) => !protectedFrom(view, input.permanent, input.equipment)

/**
 * 702.16d: "… or fortified by Fortifications that have the stated quality."
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Protection } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "land", kind: "object", props: { protection: ["everything"] } },
 *   { id: "fort", kind: "object", props: { subtypes: ["Fortification"] } }] })
 * Protection.canFortify(view, { fortification: "fort", permanent: "land" }) // false
 * ```
 * @since 0.1.0
 * @category legality
 */
export const canFortify = (
  view: GameView.GameView,
  input: { readonly fortification: string; readonly permanent: string }
) => !protectedFrom(view, input.permanent, input.fortification)

/**
 * 702.16f: "Attacking creatures with protection can't be blocked by creatures that have the
 * stated quality."
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Protection } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "p", kind: "object", props: { protection: ["colors:red"] } },
 *   { id: "goblin", kind: "object", props: { colors: ["red"], types: ["Creature"] } }] })
 * Protection.canBlock(view, { attacker: "p", blocker: "goblin" }) // false
 * ```
 * @since 0.1.0
 * @category legality
 */
export const canBlock = (
  view: GameView.GameView,
  input: { readonly attacker: string; readonly blocker: string }
) => !protectedFrom(view, input.attacker, input.blocker)

/**
 * An attachment that protection makes illegal, and what happens to it as a state-based action:
 * an Aura is put into its owner's graveyard (702.16c); an Equipment or Fortification becomes
 * unattached and stays on the battlefield (702.16d).
 *
 * @example
 * ```ts
 * import type { Protection } from "@bulwark/mtg"
 * const a: Protection.IllegalAttachment = { attachment: "aura", to: "p", action: "toGraveyard", rule: "MTG CR 702.16c" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface IllegalAttachment {
  readonly attachment: string
  readonly to: string
  readonly action: "toGraveyard" | "unattach"
  readonly rule: string
}

/**
 * The attachments protection removes now. An instance that "doesn't remove" the attachment
 * (its `keep` list names it, or `keep:auras` for an Aura: 702.16n/p) doesn't count; another
 * instance of the same quality still removes it ("If the creature has other instances of
 * protection from the same quality, those instances affect Auras as normal").
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Protection } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "p", kind: "object", zone: "battlefield", props: { protection: ["colors:red"] } },
 *   { id: "aura", kind: "object", owner: "a", zone: "battlefield",
 *     props: { subtypes: ["Aura"], colors: ["red"], attachedTo: "p" } }] })
 * Protection.illegalAttachments(view) // [{ attachment: "aura", to: "p", action: "toGraveyard", rule: "MTG CR 702.16c" }]
 * ```
 * @since 0.1.0
 * @category state
 */
export const illegalAttachments = (view: GameView.GameView): ReadonlyArray<IllegalAttachment> => {
  const out: Array<IllegalAttachment> = []
  for (const a of Object.values(view.objects)) {
    const to = a.props["attachedTo"]
    if (typeof to !== "string" || a.zone !== "battlefield") continue
    const isAura = Game.has(view, a.id, "subtypes", "Aura")
    const removes = instances(view, to).some(
      (i) => hasQuality(view, a.id, i.quality, "other") && !i.keep.includes(a.id) && !(isAura && i.keepAuras)
    )
    if (!removes) continue
    out.push(
      isAura
        ? { attachment: a.id, to, action: "toGraveyard", rule: "MTG CR 702.16c" }
        : { attachment: a.id, to, action: "unattach", rule: "MTG CR 702.16d" }
    )
  }
  return out
}

/**
 * Performs the protection state-based actions found by {@link illegalAttachments}.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Protection } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "p", kind: "object", zone: "battlefield", props: { protection: ["colors:red"] } },
 *   { id: "aura", kind: "object", owner: "a", zone: "battlefield",
 *     props: { subtypes: ["Aura"], colors: ["red"], attachedTo: "p" } }] })
 * Protection.detachIllegal(view).objects["aura"]?.zone // "graveyard"
 * ```
 * @since 0.1.0
 * @category state
 */
export const detachIllegal = (view: GameView.GameView): GameView.GameView => {
  const illegal = illegalAttachments(view)
  return illegal.length === 0 ? view : GameView.batch(view, (draft) => detach(draft, illegal))
}

const detach = (
  view: GameView.GameView,
  illegal: ReturnType<typeof illegalAttachments>
): GameView.GameView => {
  let v = view
  for (const x of illegal) {
    if (x.action === "toGraveyard") v = Game.moveTo(v, x.attachment, "graveyard")
    else {
      const o = v.objects[x.attachment] as GameView.GameObject
      const props = { ...o.props }
      delete props["attachedTo"]
      v = GameView.setObject(v, { ...o, props })
    }
  }
  return v
}

/**
 * The named predicate (on a damage source) "has the quality `args.quality`", in the 702.16k
 * damage mode.
 *
 * @example
 * ```ts
 * import { Protection } from "@bulwark/mtg"
 * Protection.PREDICATE_FROM // "mtg.protectionFrom"
 * ```
 * @since 0.1.0
 * @category predicates
 */
export const PREDICATE_FROM = "mtg.protectionFrom" as const

/**
 * The named predicate (on the protected object) "still has an instance of protection from
 * `args.quality`" — so an effect that removes the ability also ends its prevention.
 *
 * @example
 * ```ts
 * import { Protection } from "@bulwark/mtg"
 * Protection.PREDICATE_HAS // "mtg.hasProtection"
 * ```
 * @since 0.1.0
 * @category predicates
 */
export const PREDICATE_HAS = "mtg.hasProtection" as const

/**
 * The protection predicates, for the ruleset's `predicates`.
 *
 * @example
 * ```ts
 * import { Protection } from "@bulwark/mtg"
 * Object.keys(Protection.predicates) // ["mtg.protectionFrom", "mtg.hasProtection"]
 * ```
 * @since 0.1.0
 * @category predicates
 */
export const predicates: Filter.Predicates = {
  [PREDICATE_FROM]: (view, id, _ctx, args) => {
    const i = typeof args["quality"] === "string" ? decode(args["quality"]) : undefined
    return i !== undefined && hasQuality(view, id, i.quality, "damage")
  },
  [PREDICATE_HAS]: (view, id, _ctx, args) => {
    const q = args["quality"]
    return instances(view, id).some((i) => encode(i.quality) === q)
  }
}

const describe = (q: Quality): string =>
  q._tag === "Everything"
    ? "everything"
    : q._tag === "Player"
      ? `player ${q.player}`
      : q.prop === "colors"
        ? q.value
        : `${q.value} (${q.prop})`

// the sources whose damage protection prevents, as 702.16e says: "sources that have the stated
// quality" — "red sources", "sources controlled by bob", "any source" (from everything, 702.16j)
const sources = (q: Quality): string =>
  q._tag === "Everything"
    ? "any source"
    : q._tag === "Player"
      ? `sources controlled by ${q.player}`
      : q.prop === "colors"
        ? `${q.value} sources`
        : `sources with ${describe(q)}`

/**
 * The damage part of protection (702.16e, 702.16j, 702.16k) as an ordinary prevention effect:
 * "any damage that would be dealt by sources that have the stated quality to a permanent or
 * player with protection is prevented". One effect per distinct quality of the object (two
 * instances of the same quality are redundant, 702.16m); it applies only while the object still
 * has an instance of that quality. It is `Effects.preventEach` with `amount: "all"` (CR 615.10),
 * its source tested by {@link PREDICATE_FROM}.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Protection } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "p", kind: "object", controller: "a", props: { protection: ["colors:red"] } }] })
 * const e = Protection.preventionEffect(view, "p", { _tag: "Characteristic", prop: "colors", value: "red" })
 * e.action // { _tag: "Prevent", amount: "all", scope: "static" }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const preventionEffect = (
  view: GameView.GameView,
  objectId: string,
  q: Quality
): Replacement.Replacement => {
  const quality = encode(q)
  return Effects.preventEach({
    id: `${objectId}:protection:${quality}`,
    label: `Protection from ${describe(q)}: prevent all damage that would be dealt to ${objectId} by ${sources(q)}`,
    controller: GameView.controllerOf(view, objectId) ?? view.activePlayer,
    source: objectId,
    amount: "all",
    to: objectId,
    from: { filter: { _tag: "Named", name: PREDICATE_FROM, args: { quality } } },
    condition: {
      _tag: "Test",
      on: "self",
      filter: { _tag: "Named", name: PREDICATE_HAS, args: { quality } }
    },
    rule:
      q._tag === "Everything" ? "MTG CR 702.16j" : q._tag === "Player" ? "MTG CR 702.16k" : "MTG CR 702.16e"
  })
}

/**
 * The prevention effects of every protected player and object in a view (one per distinct
 * quality per object).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Protection } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "p", kind: "object", controller: "a", props: { protection: ["colors:red", "colors:red", "everything"] } }] })
 * Protection.effectsOf(view).length // 2
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const effectsOf = (view: GameView.GameView): ReadonlyArray<Replacement.Replacement> => {
  const out: Array<Replacement.Replacement> = []
  for (const id of Object.keys(view.objects)) {
    const seen = new Set<string>()
    for (const i of instances(view, id)) {
      const k = encode(i.quality)
      if (seen.has(k)) continue
      seen.add(k)
      out.push(preventionEffect(view, id, i.quality))
    }
  }
  return out
}
