/**
 * The read-only view of the game that filters and conditions are evaluated against.
 *
 * Players and game objects share one id space: a damage recipient, an event's subject or an
 * effect's source is always an id that names either a player or an object in the view. The view
 * is plain data, so it can be serialised with a pending resolution, and it is never mutated:
 * a ruleset that needs the view to change while an event is resolved (a cost that destroys the
 * effect's source, say) supplies a `commit` function that returns a new view.
 *
 * @since 0.1.0
 * @module
 */
import * as Schema from "effect/Schema"
import * as Amount from "./Amount.js"

/**
 * A characteristic value: a string, a finite number, a boolean, or a list of strings
 * (colours, types, keywords).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * const colors: GameView.Prop = ["red", "white"]
 * ```
 * @since 0.1.0
 * @category model
 */
export type Prop = string | number | boolean | ReadonlyArray<string>

/**
 * Schema of {@link Prop}.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { GameView } from "@bulwark/core"
 * Schema.is(GameView.Prop)(3) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Prop: Schema.Codec<Prop> = Schema.Union([
  Schema.String,
  Amount.BoundedSchema,
  Schema.Boolean,
  Schema.Array(Schema.String)
])

/**
 * Schema of a game object or player as the engine sees it.
 *
 * `kind` tells players from objects. `controller` and `owner` are player ids; a player controls
 * itself. `zone` is an open string ("battlefield", "arena", "graveyard", …). `props` holds the
 * characteristics the ruleset's filters read (colours, types, cost, life, Might, …).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * const bear: GameView.GameObject = {
 *   id: "bear", kind: "object", controller: "alice", owner: "alice", zone: "battlefield",
 *   props: { types: ["Creature"], colors: ["green"], toughness: 2 }
 * }
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const GameObject = Schema.Struct({
  id: Schema.NonEmptyString,
  kind: Schema.Literals(["player", "object"]),
  controller: Schema.optionalKey(Schema.String),
  owner: Schema.optionalKey(Schema.String),
  zone: Schema.optionalKey(Schema.String),
  props: Schema.Record(Schema.String, Prop)
})

/**
 * A game object or player. See the {@link GameObject} schema.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * const alice: GameView.GameObject = { id: "alice", kind: "player", props: { life: 20 } }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface GameObject extends Schema.Schema.Type<typeof GameObject> {}

/**
 * Schema of the whole view: players in turn (seating) order, the active (turn) player and the
 * objects by id.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { GameView } from "@bulwark/core"
 * const view = Schema.decodeUnknownSync(GameView.GameView)({
 *   players: ["alice", "bob"], activePlayer: "alice", objects: {}
 * })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const GameView = Schema.Struct({
  players: Schema.Array(Schema.NonEmptyString),
  activePlayer: Schema.NonEmptyString,
  objects: Schema.Record(Schema.String, GameObject)
})

/**
 * The read-only game view. See the {@link GameView} schema.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * const view: GameView.GameView = GameView.make({ players: ["alice", "bob"], activePlayer: "alice" })
 * ```
 * @since 0.1.0
 * @category model
 */
export interface GameView extends Schema.Schema.Type<typeof GameView> {}

/**
 * Builds a view. Every player in `players` gets a player object (with empty props) unless
 * `objects` already holds one with that id.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * const view = GameView.make({
 *   players: ["alice", "bob"],
 *   activePlayer: "alice",
 *   objects: [{ id: "bear", kind: "object", controller: "bob", zone: "battlefield", props: {} }]
 * })
 * GameView.controllerOf(view, "bear") // "bob"
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const make = (input: {
  readonly players: ReadonlyArray<string>
  readonly activePlayer: string
  readonly objects?: ReadonlyArray<GameObject>
}): GameView => {
  const objects: Record<string, GameObject> = {}
  // defineProperty, not assignment: an id such as "__proto__" must become an entry, not a prototype
  const put = (o: GameObject) =>
    Object.defineProperty(objects, o.id, { value: o, enumerable: true, writable: true, configurable: true })
  for (const p of input.players) put({ id: p, kind: "player", props: {} })
  for (const o of input.objects ?? []) put(o)
  return { players: input.players, activePlayer: input.activePlayer, objects }
}

/**
 * Looks an id up in the view. Only the view's own entries count: an id such as `constructor`
 * or `__proto__` is not found unless the view really holds an object with that id.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * const view = GameView.make({ players: ["alice"], activePlayer: "alice" })
 * GameView.get(view, "alice")?.kind // "player"
 * ```
 * @since 0.1.0
 * @category getters
 */
export const get = (view: GameView, id: string): GameObject | undefined =>
  Object.hasOwn(view.objects, id) ? view.objects[id] : undefined

/**
 * The player who makes decisions for an object: a player for itself, an object's controller,
 * else its owner, else `undefined` (an uncontrolled object; rulesets pick a fallback, such as the
 * turn player).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * const view = GameView.make({
 *   players: ["alice", "bob"], activePlayer: "alice",
 *   objects: [{ id: "card", kind: "object", owner: "bob", zone: "graveyard", props: {} }]
 * })
 * GameView.controllerOf(view, "card") // "bob" (no controller, so its owner)
 * ```
 * @since 0.1.0
 * @category getters
 */
export const controllerOf = (view: GameView, id: string): string | undefined => {
  const o = get(view, id)
  if (o === undefined) return undefined
  if (o.kind === "player") return o.id
  return o.controller ?? o.owner
}

/**
 * Players in turn order starting from `first` (clockwise from a selected player, or APNAP order
 * when `first` is the active player).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * const view = GameView.make({ players: ["a", "b", "c"], activePlayer: "b" })
 * GameView.turnOrderFrom(view, view.activePlayer) // ["b", "c", "a"]
 * ```
 * @since 0.1.0
 * @category getters
 */
export const turnOrderFrom = (view: GameView, first: string): ReadonlyArray<string> => {
  const i = view.players.indexOf(first)
  if (i < 0) return view.players
  return [...view.players.slice(i), ...view.players.slice(0, i)]
}

/**
 * Returns a new view with one object replaced (or added). The input view is not changed.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * const v0 = GameView.make({ players: ["alice"], activePlayer: "alice" })
 * const v1 = GameView.setObject(v0, { id: "alice", kind: "player", props: { life: 19 } })
 * v0.objects["alice"]?.props["life"] // undefined
 * ```
 * @since 0.1.0
 * @category combinators
 */
export const setObject = (view: GameView, object: GameObject): GameView => {
  if (drafts.has(view.objects)) {
    // inside `batch`: the objects are a private copy, written in place
    ;(view.objects as Record<string, GameObject>)[object.id] = object
    return { ...view }
  }
  return { ...view, objects: { ...view.objects, [object.id]: object } }
}

// The object records `batch` is building: `setObject` writes into them instead of copying them.
const drafts = new WeakSet<object>()

/**
 * Applies many changes to a view with one copy of its objects. Inside `f`, {@link setObject}
 * writes into that copy instead of copying every object each time, so 100 000 changes to a view
 * of 100 000 objects take linear time, not quadratic. The input view is never changed; the views
 * `f` sees share the copy while it runs, so `f` must not keep one to compare with later (keep
 * the objects you need instead).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * const v0 = GameView.make({ players: ["alice"], activePlayer: "alice",
 *   objects: [{ id: "bear", kind: "object", props: { damage: 0 } }] })
 * const v1 = GameView.batch(v0, (v) =>
 *   [1, 2, 3].reduce((acc, n) => GameView.setObject(acc, { id: "bear", kind: "object", props: { damage: n } }), v)
 * )
 * v1.objects["bear"]?.props["damage"] // 3
 * v0.objects["bear"]?.props["damage"] // 0
 * ```
 * @since 0.1.0
 * @category combinators
 */
export const batch = (view: GameView, f: (draft: GameView) => GameView): GameView => {
  const objects = { ...view.objects }
  drafts.add(objects)
  try {
    return f({ ...view, objects })
  } finally {
    drafts.delete(objects)
  }
}
