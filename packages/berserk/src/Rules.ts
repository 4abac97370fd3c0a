/**
 * The Берсерк policies: ordering (533.3 and this adapter's reading of 533.2 / 534.2), point
 * assignment, how events that happened change the view (wounds, healing, opening, closing,
 * death), and the death that wounds reaching a card's life lead to, an event of its own
 * ({@link results}).
 *
 * Order within one attack:
 *
 * 0. attack modifiers («модификаторы атаки», category `attackModifier`), in the order written,
 *    no player choosing — 533.2: «Предотвращение используется всегда после наложения всех
 *    модификаторов атаки»;
 * 1. protections («Защита от …», 511.5) — 533.2 and 534.2 put them before prevention and
 *    replacement;
 * 2. replacements without an amount (534): «Не получает ран от …», «Получает раны только от …»,
 *    "[текст 1], вместо этого – [текст 2]" — interpretation: before prevention, since 533.2
 *    applies prevention after everything else;
 * 3. replacements with an amount: «Получает на X больше/меньше ран от …»;
 * 4. prevention without an amount (533.3, first group);
 * 5. prevention with an amount (533.3, second group).
 *
 * Within each slot the inactive player's effects come first, in the order that player chooses,
 * then the active player's (533.3). 534 orders nothing: this adapter reads 533.3 for replacements
 * too, groups and players alike (interpretation; see the README). Application stops when the
 * wounds reach 0 (the core never applies anything to an occurrence at 0).
 *
 * @since 0.1.0
 * @module
 */
import { GameEvent, GameView, Policy as P, type Policy, Replacement, Words, Zones } from "@bulwark/core"
import * as Effects from "./Effects.js"
import * as RuleText from "./RuleText.js"

const isPrevention = (e: Replacement.Replacement): boolean => e.category === "prevention"
const isReplacement = (e: Replacement.Replacement): boolean => e.category === "replacement"
/** A replacement "with an amount" changes the number («на X больше/меньше»); the others replace. */
const changesAmount = (e: Replacement.Replacement): boolean => e.action._tag === "Modify"

// 533.2's group: the first slot, and the policy's `first` categories (applied as arithmetic)
const ATTACK_MODIFIERS = {
  name: "attack modifiers",
  categories: ["attackModifier"],
  rule: Effects.RULE_ATTACK_MODIFIER
} as const satisfies Policy.Tier

/**
 * The ordering slots, in order.
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/berserk"
 * Rules.slots.map((s) => s.name)
 * // ["attack modifiers", "protections", "replacements without an amount", "replacements with an amount",
 * //  "prevention without an amount", "prevention with an amount"]
 * ```
 * @since 0.1.0
 * @category policies
 */
export const slots: ReadonlyArray<Policy.Tier> = [
  ATTACK_MODIFIERS,
  {
    name: "protections",
    categories: ["protection"],
    rule: "Берсерк 533.2, 534.2: protections (511.5) are checked first"
  },
  {
    name: "replacements without an amount",
    match: (e) => isReplacement(e) && !changesAmount(e),
    rule: `Берсерк 534.2 (${Effects.REPLACEMENT_ORDER}; without an amount first)`
  },
  {
    name: "replacements with an amount",
    match: (e) => isReplacement(e) && changesAmount(e),
    rule: `Берсерк 534.2 (${Effects.REPLACEMENT_ORDER}; with an amount second)`
  },
  {
    name: "prevention without an amount",
    match: (e) => isPrevention(e) && !Replacement.isQuantitative(e.action),
    rule: "Берсерк 533.3: prevention without an amount first; inactive player, then active"
  },
  {
    name: "prevention with an amount",
    match: (e) => isPrevention(e) && Replacement.isQuantitative(e.action),
    rule: "Берсерк 533.3: prevention with an amount second; inactive player, then active"
  }
]

/**
 * The ordering policy: the attack modifiers first, in the order written, as arithmetic on the
 * attack's strength (533.2; core's `first`: applied even to an attack of strength 0, signed on the
 * way), then {@link slots} × players, the inactive player before the active player, each ordering
 * their own effects; the batch is grouped per affected creature.
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/berserk"
 * Rules.order.first?.categories // ["attackModifier"]
 * ```
 * @since 0.1.0
 * @category policies
 */
export const order: Policy.OrderingPolicy = {
  ...P.slotsByPlayer({
    name: "berserk",
    rule: "Берсерк 533.3",
    slots,
    players: "inactiveThenActive",
    groupKey: (o) => o.subject
  }),
  first: ATTACK_MODIFIERS
}

const num = (o: GameView.GameObject, prop: string): number => {
  const v = o.props[prop]
  return typeof v === "number" ? v : 0
}

const setProps = (
  view: GameView.GameView,
  o: GameView.GameObject,
  props: Readonly<Record<string, GameView.Prop>>,
  zone?: string
): GameView.GameView =>
  GameView.setObject(view, {
    ...o,
    ...(zone === undefined ? {} : { zone }),
    props: { ...o.props, ...props }
  })

/**
 * The rule cited for a creature's death («гибель») as an event: not in 533–534; the sentence
 * is the basic rules' («Существо погибает сразу же, как только число ран на нём достигнет или
 * превысит число его жизней»), and 534.1 makes it an effect a replacement can await.
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/berserk"
 * Rules.RULE_DEATH.includes("534.1") // true
 * ```
 * @since 0.1.0
 * @category policies
 */
export const RULE_DEATH =
  "Берсерк (basic rules: «Существо погибает сразу же, как только число ран на нём достигнет или превысит число его жизней»); 534.1: the death is an effect a replacement can await"

/**
 * The results of wounds that were dealt (core `Policy.ResultsPolicy`): a card with `life` on
 * the battlefield whose wounds have reached it dies — one `die` occurrence («гибель») per card,
 * id `<wounds' occurrence id>:die`, from the source of the wounds that reached it, params
 * `wounds` and `life`. The death is an event of its own, resolved after the wounds are
 * received, so a replacement can await it ("if it would die, instead …", 534.1) and the outcome
 * shows it; a replaced death does not happen (534.3): the card stays on the battlefield.
 *
 * @example
 * ```ts
 * import { GameEvent, GameView } from "@bulwark/core"
 * import { Rules } from "@bulwark/berserk"
 * const view = GameView.make({ players: ["a"], activePlayer: "a",
 *   objects: [{ id: "orc", kind: "object", controller: "a", zone: "battlefield", props: { wounds: 3, life: 3 } }] })
 * const hit = GameEvent.damage({ id: "x", source: "ogre", recipient: "orc", amount: 2 })
 * Rules.results.results([hit], view).map((o) => [o.id, o.family]) // [["x:die", "die"]]
 * ```
 * @since 0.1.0
 * @category policies
 */
export const results: Policy.ResultsPolicy = {
  rule: RULE_DEATH,
  results: (dealt, view) => {
    const out: Array<GameEvent.Occurrence> = []
    const seen = new Set<string>()
    for (const d of dealt) {
      if (seen.has(d.subject)) continue
      const o = view.objects[d.subject]
      // a creature in play dies (the battlefield or the flyers' zone: Rules.zones)
      if (o === undefined || o.kind !== "object" || !Zones.isInPlay(zones, o)) continue
      const life = o.props.life
      const wounds = num(o, "wounds")
      if (typeof life !== "number" || wounds < life) continue
      seen.add(d.subject)
      out.push(
        GameEvent.occurrence({
          id: `${d.id}:die`,
          family: Effects.Family.die,
          subject: d.subject,
          ...(d.source === undefined ? {} : { source: d.source }),
          params: { wounds, life }
        })
      )
    }
    return out
  }
}

/**
 * How an event that happened changes the view:
 *
 * - `damage`: the creature gets that many wounds («раны»); the attack's own object (params
 *   `attack`) records `woundsDealt`, while its `strength` stays as it was (533.1). Whether the
 *   creature dies is the {@link results} of the wounds: a `die` event of its own;
 * - `die` («гибель»): the card goes from the battlefield to the graveyard;
 * - `zoneChange`: the card goes to the zone its `params.to` names (core `Zones.destination`), at
 *   `params.position` (`bottom`, `top`; core `Zones.put`) — 534.1's "instead put it into its
 *   owner's deck";
 * - `heal`: removes that many wounds — only the wounds there are (119.5.1): the outcome records
 *   how many were removed (a heal of an unwounded creature removes none: it fails);
 * - `open` / `close`: the card is opened («открыть», `closed: false`) or closed.
 *
 * @example
 * ```ts
 * import { GameEvent, GameView, Policy } from "@bulwark/core"
 * import { Rules } from "@bulwark/berserk"
 * const v0 = GameView.make({ players: ["a"], activePlayer: "a",
 *   objects: [{ id: "orc", kind: "object", controller: "a", zone: "battlefield", props: { wounds: 1 } }] })
 * const v1 = Policy.viewOf(Rules.commit(v0, GameEvent.damage({ id: "x", source: "a", recipient: "orc", amount: 2 })))
 * v1.objects["orc"]?.props["wounds"] // 3
 * ```
 * @since 0.1.0
 * @category policies
 */
export const commit = (
  view: GameView.GameView,
  occurrence: GameEvent.Occurrence
): GameView.GameView | Policy.Committed => {
  const o = view.objects[occurrence.subject]
  if (o === undefined || o.kind !== "object") return view
  switch (occurrence.family) {
    case GameEvent.DAMAGE: {
      let v = setProps(view, o, { wounds: num(o, "wounds") + occurrence.amount })
      const attack = occurrence.params.attack
      const a = typeof attack === "string" ? v.objects[attack] : undefined
      if (a !== undefined) v = setProps(v, a, { woundsDealt: num(a, "woundsDealt") + occurrence.amount })
      return v
    }
    case Effects.Family.die:
      return Zones.isInPlay(zones, o) ? GameView.setObject(view, { ...o, zone: "graveyard" }) : view
    case Effects.Family.zoneChange: {
      // where it goes: its `to` (a zone change that names none moves nothing)
      const to = Zones.destination(occurrence, "")
      return to === "" ? view : Zones.put(view, o.id, to, occurrence.params[Zones.POSITION])
    }
    case Effects.Family.heal: {
      // 119.5.1: "Если способность, снимающее Х маркеров, направлено на карту, у которой менее Х
      // таких маркеров, то с карты снимаются все маркеры" — only the wounds there are are removed
      const wounds = num(o, "wounds")
      const after = setProps(view, o, { wounds: Math.max(0, wounds - occurrence.amount) })
      return wounds >= occurrence.amount
        ? after
        : P.committed(after, wounds, {
            reason: `${o.id} had ${wounds} wound${wounds === 1 ? "" : "s"}: only those are removed`,
            rule: "Берсерк 119.5.1",
            phrase: { key: "hadWounds", args: { card: o.id, wounds: String(wounds) } }
          })
    }
    case Effects.Family.open:
      return setProps(view, o, { closed: false })
    case Effects.Family.close:
      return setProps(view, o, { closed: true })
    default:
      return view
  }
}

/**
 * The rule cited for who controls a card (an interpretation: in play its player, elsewhere only
 * its owner).
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/berserk"
 * Rules.RULE_CONTROL.includes("interpretation") // true
 * ```
 * @since 0.1.0
 * @category policies
 */
export const RULE_CONTROL =
  "Берсерк (interpretation): a card in play is controlled by its player, one in a graveyard or a hand only owned"

/**
 * The rule cited when a prevention is divided between a creature's wounds (an interpretation:
 * the creature's controller divides it).
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/berserk"
 * Rules.RULE_ASSIGNMENT.includes("divides") // true
 * ```
 * @since 0.1.0
 * @category policies
 */
export const RULE_ASSIGNMENT =
  "Берсерк (interpretation): the creature's controller divides a prevention between its wounds"

/**
 * Where Берсерк's cards are in play and have a controller (core's `Zones`): in play on the
 * battlefield and in the flyers' zone ({@link Effects.inPlay}; 533.6: the active zone is "как
 * правило, зону битвы" — as a rule, not only); a card there (and an attack being made, zone
 * `attack`) is controlled by its player — "Активируются игроком, контролирующий источник
 * способности" (112) — while one in a graveyard or a hand is only owned: `controller: you`
 * never counts it. The rules found say nothing of wounds to a card out of play (119.2 lets
 * effects be put on cards in a graveyard or a hand): an event may still name one, and no
 * effect of that card applies to it (see the README's Interpretations).
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/berserk"
 * Rules.zones.inPlay // ["battlefield", "flyers"]
 * ```
 * @since 0.1.0
 * @category policies
 */
export const zones: Zones.Zones = {
  inPlay: Effects.inPlay,
  inPlayRule: "Берсерк 533.6",
  control: [...Effects.inPlay, "attack"],
  controlRule: RULE_CONTROL
}

/**
 * The rules text this package implements (also `rules.rulesVersion`, and the ruleset's).
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/berserk"
 * console.log(Rules.rulesVersion)
 * ```
 * @since 0.1.0
 * @category constants
 */
export const rulesVersion = "Берсерк 533–534 (Russian rules text)"

/**
 * The Берсерк rules bundle for the core resolver.
 *
 * The assignment policy (who divides a limited prevention between several wounds dealt to one
 * creature by one event) is not in the text: the creature's controller divides it.
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/berserk"
 * Rules.rules.name // "berserk"
 * ```
 * @since 0.1.0
 * @category policies
 */
export const rules: Policy.Rules = {
  name: "berserk",
  rulesVersion,
  order,
  assignment: P.recipientControllerAllocates(RULE_ASSIGNMENT),
  commit,
  results,
  zones,
  predicates: Effects.predicates,
  // 533.3: within a group each player applies their own «в выбранном им порядке»; no rule
  // reads that order itself, so a choice whose every order ends the same is not asked
  orderShortcut: true
}

const fam = Words.phrases

const wounds = (n: number): string => `${n} wound${n === 1 ? "" : "s"}`

/**
 * How Берсерк reads in English (core `Words`; the ruleset's own words are Russian,
 * `Lang.russian`, and these its English translation, `--lang en`): damage is wounds («раны»:
 * "orc would deal 5 wounds to C"), the groups as 533.3 and 534 name them (with the Russian
 * words), healing and opening (Серк), this ruleset's notes (an attack, a card leaving play,
 * healing more wounds than there are), and the sentences of the cited rules, in Russian as
 * written with the English gloss ({@link RuleText.sentences}, {@link RuleText.glosses}).
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * import { Rules } from "@bulwark/berserk"
 * Words.family(Rules.words, "damage").amount(5) // "5 wounds"
 * ```
 * @since 0.1.0
 * @category words
 */
export const words: Words.Words = {
  tiers: {
    "attack modifiers": "attack modifiers («модификаторы атаки», first, in the order written)",
    protections: "protections («защиты», checked first)",
    "replacements without an amount": "replacement effects without an amount («Не получает ран от …»)",
    "replacements with an amount": "replacement effects with an amount («Получает на X больше/меньше ран»)",
    "prevention without an amount":
      "prevention effects without an amount («не имеющие количественного значения»), the first group",
    "prevention with an amount":
      "prevention effects with an amount («имеющие количественное значение»), the second group"
  },
  families: {
    damage: fam(
      (o) =>
        o.source === undefined
          ? `${o.subject} would receive ${wounds(o.amount)}`
          : `${o.source} would deal ${wounds(o.amount)} to ${o.subject}`,
      (o) =>
        o.source === undefined
          ? `${o.subject} receives ${wounds(o.amount)}`
          : `${o.source} deals ${wounds(o.amount)} to ${o.subject}`,
      wounds
    ),
    heal: fam(
      (o) => `${o.subject} would heal ${wounds(o.amount)}`,
      (o) => `${o.subject} heals ${wounds(o.amount)}`,
      (n) => `healing of ${wounds(n)}`
    ),
    open: fam(
      (o) => `${o.subject} would open`,
      (o) => `${o.subject} opens`,
      (n) => `${n} opening${n === 1 ? "" : "s"}`
    ),
    close: fam(
      (o) => `${o.subject} would close`,
      (o) => `${o.subject} closes`,
      (n) => `${n} closing${n === 1 ? "" : "s"}`
    ),
    die: fam(
      (o) => `${o.subject} would die («гибель»)`,
      (o) => `${o.subject} dies («гибель»)`,
      (n) => `${n} death${n === 1 ? "" : "s"}`
    ),
    zoneChange: fam(
      (o) => `${o.subject} would be put into ${String(o.params?.["to"] ?? "another zone")}`,
      (o) => `${o.subject} is put into ${String(o.params?.["to"] ?? "another zone")}`,
      (n) => `${n} zone change${n === 1 ? "" : "s"}`
    )
  },
  rules: Object.fromEntries(
    Object.entries(RuleText.sentences).map(([rule, text]) => {
      const gloss = RuleText.glosses[rule]
      return [rule, gloss === undefined ? text : `${text} (${gloss})`]
    })
  ),
  notes: {
    attack: (a) =>
      `attack ${Array.from({ length: Number(a["n"] ?? "0") }, (_, i) => {
        const mods = a[`mods${i}`] ?? ""
        const kind = a[`retaliation${i}`] === "1" ? "retaliation («ответный удар»)" : a[`kind${i}`]
        return `${a[`id${i}`]}: ${kind} on ${a[`target${i}`]}, strength ${a[`base${i}`]}${mods === "" ? "" : ` ${mods} = ${a[`strength${i}`]}`}`
      }).join(
        "; "
      )} — attack modifiers are applied first, the wounds start from the strength (Берсерк 533.2, 534.2)${a["together"] === "1" ? "; the strike and its retaliation are dealt at once, one event, the deaths after both (Берсерк, interpretation: the rules text available gives no order)" : ""}`,
    leavesPlay: (a) =>
      `${a["object"]} leaves play (${a["from"]} to ${a["zone"]}): its prevention effects no longer apply (Берсерк 533.6)`,
    hadWounds: (a) => `${a["card"]} had ${wounds(Number(a["wounds"]))}: only those are removed`,
    endOfTurn: () => "end of turn: the other player becomes the active player"
  }
}
