/**
 * FROZEN FOREVER: a seeded, deterministic generator of format-1 scenario files (the four
 * per-game scenario languages of mtg, riftbound, berserk and fab as they were before issue 16's
 * format 2). Format 1 never changes again, so neither does this file: the outcomes frozen in
 * `outcomes.json` are keyed by the text this generator writes for `(ruleset, index)`. Do not edit
 * it, do not import anything into it that may change (it depends on nothing but the language),
 * and do not "fix" it: a change here changes the frozen cases and silently voids the baseline the
 * migration property test relies on. To add cases, write a new generator next to it.
 *
 * Every generated file is YAML text (block style at the top, flow mappings below). The generator
 * covers every effect kind and every step kind of each ruleset's format-1 schema, with
 * `decisions:` scripts, `strategy:` (none, `first`, `best-for-chooser`) and several steps; most
 * files load and run, some fail to load on purpose (an unknown id), and their error tag is frozen
 * too.
 */

// ---------------------------------------------------------------------------------------------
// seeded randomness (mulberry32, copied so that later changes elsewhere cannot move the cases)

type Rng = {
  readonly next: () => number
  readonly int: (n: number) => number
  readonly pick: <A>(xs: ReadonlyArray<A>) => A
  readonly chance: (p: number) => boolean
  readonly some: <A>(xs: ReadonlyArray<A>, min?: number) => Array<A>
}

const prng = (seed: number): Rng => {
  let a = seed >>> 0
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number): number => Math.floor(next() * n)
  const pick = <A>(xs: ReadonlyArray<A>): A => xs[int(xs.length)] as A
  const some = <A>(xs: ReadonlyArray<A>, min = 1): Array<A> => {
    const out = xs.filter(() => next() < 0.5)
    while (out.length < Math.min(min, xs.length)) {
      const x = pick(xs)
      if (!out.includes(x)) out.push(x)
    }
    return out
  }
  return { next, int, pick, chance: (p: number) => next() < p, some }
}

// ---------------------------------------------------------------------------------------------
// YAML text

type Json =
  | null
  | boolean
  | number
  | string
  | ReadonlyArray<Json>
  | { readonly [k: string]: Json | undefined }

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/

const flow = (v: Json): string => {
  if (v === null) return "null"
  if (typeof v === "string") return JSON.stringify(v)
  if (typeof v === "number" || typeof v === "boolean") return String(v)
  if (Array.isArray(v)) return `[${v.map(flow).join(", ")}]`
  const parts = Object.entries(v as { [k: string]: Json | undefined })
    .filter(([, x]) => x !== undefined)
    .map(([k, x]) => `${PLAIN_KEY.test(k) ? k : JSON.stringify(k)}: ${flow(x as Json)}`)
  return `{ ${parts.join(", ")} }`
}

/** Writes a document: top-level keys in block style, lists one item a line, the rest as flow. */
const yaml = (doc: { readonly [k: string]: Json | undefined }): string => {
  const lines: Array<string> = []
  for (const [k, v] of Object.entries(doc)) {
    if (v === undefined) continue
    if (Array.isArray(v) && v.length > 0 && v.some((x) => typeof x === "object" && x !== null)) {
      lines.push(`${k}:`)
      for (const x of v) lines.push(`  - ${flow(x)}`)
    } else if (typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length > 0) {
      lines.push(`${k}:`)
      for (const [k2, x] of Object.entries(v))
        if (x !== undefined) lines.push(`  ${PLAIN_KEY.test(k2) ? k2 : JSON.stringify(k2)}: ${flow(x)}`)
    } else lines.push(`${k}: ${flow(v as Json)}`)
  }
  return `${lines.join("\n")}\n`
}

const opt = <A>(rng: Rng, p: number, f: () => A): A | undefined => (rng.chance(p) ? f() : undefined)

/** The generic keys every ruleset shares: a script, a strategy, sometimes both. */
const answering = (
  rng: Rng,
  answers: ReadonlyArray<Json>
): { decisions?: ReadonlyArray<Json>; strategy?: string; budget?: number | undefined } => {
  switch (rng.int(6)) {
    case 0:
      return {}
    case 1:
      return { strategy: "first" }
    case 2:
      return { strategy: "best-for-chooser", budget: rng.chance(0.5) ? 2000 : undefined }
    case 3:
      return { decisions: Array.from({ length: 1 + rng.int(3) }, () => rng.pick(answers)) }
    case 4:
      return { decisions: [rng.pick(answers)], strategy: "first" }
    default:
      return { decisions: [rng.pick(answers)], strategy: "best-for-chooser" }
  }
}

/** Now and then an id is replaced by one no file declares: those cases fail to load, on purpose. */
const ghost = (rng: Rng, id: string): string => (rng.chance(0.012) ? "ghost" : id)

// ---------------------------------------------------------------------------------------------
// mtg

const mtgEffectKinds = [
  "shield",
  "shieldEach",
  "preventNextFrom",
  "preventEach",
  "modify",
  "double",
  "redirect",
  "zoneInstead",
  "instead",
  "lifeFloor",
  "raw"
] as const
const mtgStepKinds = ["event", "advance", "resolve", "update", "stateBasedActions", "query"] as const
const mtgQueries = [
  "canTarget",
  "canEnchant",
  "canEquip",
  "canFortify",
  "canBlock",
  "illegalAttachments",
  "sba"
] as const
const mtgFamilies = [
  "zoneChange",
  "lifeGain",
  "lifeLoss",
  "draw",
  "createToken",
  "addCounters",
  "removeCounters",
  "markDamage"
] as const

const mtg = (rng: Rng, title: string, focus: number): string => {
  const players = ["ap", "nap"]
  const creatures = ["bear", "wall", "knight"].slice(0, 2 + rng.int(2))
  const colors = ["white", "red", "green", "black", "blue"]
  const objects: Array<Json> = creatures.map((id, i) => ({
    id,
    controller: i === 0 ? "nap" : rng.pick(players),
    types: ["Creature"],
    subtypes: opt(rng, 0.3, () => [rng.pick(["Cleric", "Bear", "Knight"])]),
    colors: [rng.pick(colors)],
    power: 1 + rng.int(4),
    toughness: 1 + rng.int(5),
    damage: opt(rng, 0.2, () => rng.int(2)),
    counters: opt(rng, 0.15, () => ({ "+1/+1": 1 + rng.int(2) })),
    keywords: opt(rng, 0.15, () => [rng.pick(["flying", "indestructible", "lifelink"])]),
    protection: opt(rng, 0.15, () => [rng.pick(colors)])
  }))
  objects.push({ id: "src", controller: "ap", types: ["Creature"], colors: ["red"], power: 3, toughness: 3 })
  objects.push({ id: "bolt", controller: "ap", zone: "stack", types: ["Instant"], colors: ["red"] })
  objects.push({ id: "ench", controller: rng.pick(players), types: ["Enchantment"] })
  const extra = rng.chance(0.4)
  if (extra) {
    objects.push({ id: "pw", controller: "nap", types: ["Planeswalker"], loyalty: 2 + rng.int(4) })
    objects.push({
      id: "aura",
      controller: "ap",
      types: ["Enchantment"],
      subtypes: ["Aura"],
      colors: [rng.pick(colors)],
      attachedTo: rng.pick(creatures)
    })
    objects.push({ id: "sword", controller: "ap", types: ["Artifact"], subtypes: ["Equipment"] })
    objects.push({ id: "card", owner: "nap", zone: "library", types: ["Creature"] })
  }
  const targets = [...creatures, ...players]
  const sources = ["src", "bolt"]
  const selector = (pool: ReadonlyArray<string>): Json => {
    switch (rng.int(6)) {
      case 0:
      case 1:
        return ghost(rng, rng.pick(pool))
      case 2:
        return rng.some(pool)
      case 3:
        return { types: ["Creature"], controlledBy: rng.chance(0.5) ? rng.pick(players) : undefined }
      case 4:
        return rng.chance(0.5) ? { player: true } : { colors: [rng.pick(colors)] }
      default:
        return { ids: rng.some(pool), zone: rng.chance(0.5) ? "battlefield" : undefined }
    }
  }
  const common = (id: string) => ({
    id,
    controller: rng.pick(players),
    source: opt(rng, 0.3, () => "ench"),
    until: opt(rng, 0.3, () => "endOfTurn"),
    optional: opt(rng, 0.1, () => true),
    label: opt(rng, 0.2, () => `effect ${id}`)
  })
  let n = 0
  const effect = (kind: (typeof mtgEffectKinds)[number]): Json => {
    const id = `${kind}${n++}`
    switch (kind) {
      case "shield":
        return {
          kind,
          ...common(id),
          to: selector(targets),
          amount: rng.int(5),
          from: opt(rng, 0.3, () => selector(sources))
        }
      case "shieldEach":
        return {
          kind,
          ...common(id),
          amount: 1 + rng.int(3),
          target: ghost(rng, rng.pick(creatures)),
          sharingColor: opt(rng, 0.5, () => true)
        }
      case "preventNextFrom":
        return {
          kind,
          ...common(id),
          from: ghost(rng, rng.pick(sources)),
          to: opt(rng, 0.5, () => selector(targets)),
          gainLife: opt(rng, 0.3, () => true)
        }
      case "preventEach":
        return {
          kind,
          ...common(id),
          amount: rng.chance(0.3) ? "all" : rng.int(4),
          to: opt(rng, 0.5, () => selector(targets)),
          from: opt(rng, 0.3, () => selector(sources))
        }
      case "modify":
        return {
          kind,
          ...common(id),
          op: rng.pick(["add", "sub", "mul", "set", "atMost", "atLeast"]),
          value: rng.chance(0.85) ? rng.int(4) : { _tag: "Amount" },
          family: opt(rng, 0.2, () => "damage"),
          to: opt(rng, 0.5, () => selector(targets)),
          from: opt(rng, 0.3, () => selector(sources))
        }
      case "double":
        return {
          kind,
          ...common(id),
          family: opt(rng, 0.2, () => rng.pick(["damage", "lifeGain"])),
          to: opt(rng, 0.6, () => selector(targets)),
          from: opt(rng, 0.3, () => selector(sources))
        }
      case "redirect":
        return {
          kind,
          ...common(id),
          redirectTo: ghost(rng, rng.pick(targets)),
          to: opt(rng, 0.6, () => selector(targets)),
          from: opt(rng, 0.3, () => selector(sources))
        }
      case "zoneInstead":
        return {
          kind,
          ...common(id),
          when: { to: "graveyard" },
          to: rng.pick(["exile", "library", "hand"]),
          subject: opt(rng, 0.5, () => selector(creatures))
        }
      case "instead":
        return {
          kind,
          ...common(id),
          family: rng.pick(["damage", "zoneChange", "lifeGain", "draw"]),
          with: [
            rng.pick<Json>([
              { family: "lifeGain", subject: "subject" },
              { family: "draw", subject: "subject", amount: 1 + rng.int(2) },
              { family: "addCounters", subject: "subject", params: { counter: "+1/+1" } },
              { family: "damage" }
            ])
          ],
          to: opt(rng, 0.4, () => selector(targets))
        }
      case "lifeFloor":
        return {
          kind,
          ...common(id),
          floor: opt(rng, 0.5, () => rng.int(3)),
          ifYouControl: opt(rng, 0.3, () => selector(creatures))
        }
      case "raw": {
        const controller = rng.pick(players)
        return {
          kind,
          effect: {
            id,
            label: `raw ${id}`,
            controller,
            category: rng.pick(["prevention", "replacement"]),
            watch: {
              family: "damage",
              subject: rng.chance(0.5)
                ? { _tag: "Prop", prop: "types", op: "has", value: "Creature" }
                : { _tag: "Id", ids: [ghost(rng, rng.pick(targets))] }
            },
            action: rng.chance(0.5)
              ? { _tag: "Modify", op: rng.pick(["mul", "add", "sub"]), value: 1 + rng.int(2) }
              : { _tag: "Modify", op: "set", value: 0 }
          }
        }
      }
    }
  }
  const damage = (): Json => ({
    source: ghost(rng, rng.pick(sources)),
    to: rng.pick([...targets, ...(extra ? ["pw"] : [])]),
    amount: rng.int(6),
    combat: opt(rng, 0.3, () => true),
    unpreventable: opt(rng, 0.1, () => true)
  })
  const occurrence = (family: (typeof mtgFamilies)[number]): Json => {
    switch (family) {
      case "zoneChange":
        return { family, subject: rng.pick(creatures), params: { from: "battlefield", to: "graveyard" } }
      case "lifeGain":
      case "lifeLoss":
      case "draw":
        return { family, subject: rng.pick(players), amount: 1 + rng.int(3) }
      case "createToken":
        return { family, subject: rng.pick(players), amount: 1 }
      case "addCounters":
      case "removeCounters":
        return { family, subject: rng.pick(creatures), amount: 1, params: { counter: "+1/+1" } }
      case "markDamage":
        return { family, subject: rng.pick(creatures), source: "src", amount: 1 + rng.int(3) }
    }
  }
  let ev = 0
  const step = (kind: (typeof mtgStepKinds)[number]): Json => {
    switch (kind) {
      case "event": {
        const id = `e${ev++}`
        const form = rng.int(4)
        return {
          event: {
            id,
            damage: form !== 2 ? Array.from({ length: 1 + rng.int(2) }, damage) : undefined,
            occurrences:
              form >= 2
                ? Array.from({ length: 1 + rng.int(2) }, () => occurrence(rng.pick(mtgFamilies)))
                : undefined,
            destroy: form === 1 && rng.chance(0.5) ? [rng.pick(creatures)] : undefined
          }
        }
      }
      case "advance":
        return { advance: "endOfTurn" }
      case "resolve":
        return { resolve: [effect(rng.pick(mtgEffectKinds))] }
      case "update": {
        const object = rng.pick(creatures)
        switch (rng.int(5)) {
          case 0:
            return { update: { object, set: { colors: [rng.pick(colors)] } } }
          case 1:
            return { update: { object, controller: rng.pick(players) } }
          case 2:
            return { update: { object, zone: rng.pick(["graveyard", "exile", "battlefield"]) } }
          case 3:
            return { update: { object, gainProtection: [rng.pick(colors)] } }
          default:
            return { update: { object, loseProtection: [rng.pick(colors)], unset: ["damage"] } }
        }
      }
      case "stateBasedActions":
        return { stateBasedActions: true }
      case "query": {
        const name = `q${ev++}`
        const q = mtgQueries[(focus + ev) % mtgQueries.length] as (typeof mtgQueries)[number]
        const c = rng.pick(creatures)
        switch (q) {
          case "canTarget":
            return { query: { name, canTarget: { target: c, source: rng.pick(sources) } } }
          case "canEnchant":
            return { query: { name, canEnchant: { aura: extra ? "aura" : "ench", permanent: c } } }
          case "canEquip":
            return { query: { name, canEquip: { equipment: extra ? "sword" : "ench", permanent: c } } }
          case "canFortify":
            return { query: { name, canFortify: { fortification: "ench", permanent: c } } }
          case "canBlock":
            return { query: { name, canBlock: { attacker: "src", blocker: c } } }
          case "illegalAttachments":
            return { query: { name, illegalAttachments: true } }
          case "sba":
            return { query: { name, sba: true } }
        }
      }
    }
  }
  const effects = Array.from({ length: rng.int(4) }, () => effect(rng.pick(mtgEffectKinds)))
  effects.push(effect(mtgEffectKinds[focus % mtgEffectKinds.length] as (typeof mtgEffectKinds)[number]))
  const steps: Array<Json> = [step("event")]
  for (let i = rng.int(3); i > 0; i--) steps.push(step(rng.pick(mtgStepKinds)))
  steps.splice(rng.int(steps.length + 1), 0, step(mtgStepKinds[focus % mtgStepKinds.length] as never))
  const ids = effects.flatMap((e) => {
    const x = e as { id?: string; effect?: { id: string } }
    return [x.id ?? x.effect?.id ?? "x"]
  })
  return yaml({
    ruleset: "mtg",
    title,
    players: rng.chance(0.3)
      ? [
          { id: "ap", life: 1 + rng.int(20) },
          { id: "nap", life: 1 + rng.int(20), poison: opt(rng, 0.2, () => 1) }
        ]
      : players,
    activePlayer: opt(rng, 0.3, () => rng.pick(players)),
    objects,
    effects,
    steps,
    ...answering(rng, [...ids, ...players, ...creatures, true, false])
  })
}

// ---------------------------------------------------------------------------------------------
// fab

const fabEffectKinds = [
  "preventNextTime",
  "prevent",
  "preventNext",
  "ward",
  "arcaneShelter",
  "spellvoid",
  "arcaneBarrier",
  "quell",
  "amp",
  "preventsLess",
  "replacement"
] as const
const fabStepKinds = [
  "damage",
  "attack",
  "advance",
  "beginEndPhase",
  "addEffects",
  "destroy",
  "update"
] as const

const fab = (rng: Rng, title: string, focus: number): string => {
  const players = ["alice", "bob"]
  const objects: Array<Json> = [
    { id: "bolt", controller: "alice", zone: "stack", types: ["action"] },
    { id: "atk", controller: "alice", types: ["attack", "action"], power: 2 + rng.int(4) },
    { id: "robe", controller: "bob", types: ["equipment"], defense: opt(rng, 0.3, () => 1) },
    { id: "helm", controller: "bob", types: ["equipment"] },
    {
      id: "ally",
      controller: "bob",
      types: ["ally"],
      life: 2 + rng.int(4),
      indestructible: opt(rng, 0.1, () => true)
    }
  ]
  const targets = ["bob", "alice", "ally"]
  const dtype = () => opt(rng, 0.5, () => rng.pick(["generic", "physical", "arcane"]))
  let n = 0
  const effect = (type: (typeof fabEffectKinds)[number]): Json => {
    const id = `${type}${n++}`
    const prevention = () => {
      const source = opt(rng, 0.3, () => rng.pick(["robe", "helm"]))
      return {
        id,
        controller: rng.chance(0.8) ? "bob" : "alice",
        source,
        to: opt(rng, 0.4, () => [ghost(rng, rng.pick(targets))]),
        from: opt(rng, 0.2, () => [rng.pick(["bolt", "atk"])]),
        damageType: dtype(),
        until: opt(rng, 0.2, () => "endOfTurn"),
        optional: opt(rng, 0.15, () => true),
        destroyThis: source === undefined ? undefined : opt(rng, 0.3, () => true),
        pay: opt(rng, 0.1, () => 1)
      }
    }
    const keyword = () => ({
      id,
      source: ghost(rng, rng.pick(["robe", "helm"])),
      controller: opt(rng, 0.2, () => "bob"),
      amount: 1 + rng.int(3)
    })
    switch (type) {
      case "preventNextTime":
        return { type, ...prevention() }
      case "prevent":
      case "preventNext":
        return { type, amount: 1 + rng.int(4), ...prevention() }
      case "ward":
      case "arcaneShelter":
      case "spellvoid":
      case "arcaneBarrier":
      case "quell":
        return { type, ...keyword() }
      case "amp":
        return { type, id, controller: "alice", amount: 1 + rng.int(2), source: opt(rng, 0.3, () => "bolt") }
      case "preventsLess":
        return { type, id, controller: rng.pick(players), amount: 1, damageType: dtype() }
      case "replacement":
        return {
          type,
          effect: {
            id,
            label: `raw ${id}`,
            controller: rng.pick(players),
            category: rng.pick(["standard", "prevention"]),
            watch: { family: "damage", subject: { _tag: "Id", ids: [rng.pick(targets)] } },
            action: { _tag: "Modify", op: rng.pick(["add", "sub", "mul"]), value: 1 + rng.int(2) }
          }
        }
    }
  }
  let ev = 0
  const step = (kind: (typeof fabStepKinds)[number]): Json => {
    switch (kind) {
      case "damage": {
        const id = `e${ev++}`
        return rng.chance(0.3)
          ? {
              damage: {
                id,
                source: rng.pick(["bolt", "atk"]),
                instances: rng.some(targets).map((to) => ({ to, amount: rng.int(5), damageType: dtype() }))
              }
            }
          : {
              damage: {
                id,
                source: ghost(rng, rng.pick(["bolt", "atk"])),
                to: rng.pick(targets),
                amount: rng.int(6),
                damageType: dtype(),
                unpreventable: opt(rng, 0.1, () => true)
              }
            }
      }
      case "attack":
        return {
          attack: {
            id: `e${ev++}`,
            attack: "atk",
            target: rng.pick(["bob", "ally"]),
            defense: opt(rng, 0.4, () => rng.int(3))
          }
        }
      case "advance":
        return { advance: "endOfTurn" }
      case "beginEndPhase":
        return { beginEndPhase: true }
      case "addEffects":
        return { addEffects: [effect(rng.pick(fabEffectKinds))] }
      case "destroy":
        return { destroy: rng.pick(["robe", "helm", "ally"]) }
      case "update":
        return rng.chance(0.5)
          ? { update: { id: "ally", zone: rng.pick(["banished", "graveyard", "arena"]) } }
          : { update: { id: "bob", props: { resources: rng.int(3) } } }
    }
  }
  const effects = Array.from({ length: rng.int(4) }, () => effect(rng.pick(fabEffectKinds)))
  effects.push(effect(fabEffectKinds[focus % fabEffectKinds.length] as (typeof fabEffectKinds)[number]))
  const steps: Array<Json> = [step(rng.chance(0.6) ? "damage" : "attack")]
  for (let i = rng.int(3); i > 0; i--) steps.push(step(rng.pick(fabStepKinds)))
  steps.splice(rng.int(steps.length + 1), 0, step(fabStepKinds[focus % fabStepKinds.length] as never))
  const ids = effects.map((e) => {
    const x = e as { id?: string; effect?: { id: string } }
    return x.id ?? x.effect?.id ?? "x"
  })
  return yaml({
    ruleset: "fab",
    title,
    turnPlayer: opt(rng, 0.7, () => rng.pick(players)),
    players: [
      { id: "alice", life: opt(rng, 0.3, () => 1 + rng.int(20)) },
      { id: "bob", life: opt(rng, 0.3, () => 1 + rng.int(20)), resources: opt(rng, 0.5, () => rng.int(3)) }
    ],
    objects,
    effects,
    steps,
    ...answering(rng, [...ids, ...players, true, false])
  })
}

// ---------------------------------------------------------------------------------------------
// berserk

const berserkForms = [
  "prevent",
  "noWoundsFrom",
  "woundsOnlyFrom",
  "moreWounds",
  "fewerWounds",
  "instead"
] as const
const berserkStepKinds = ["attack", "heal", "event", "leave", "set", "endOfTurn", "addEffects"] as const

const berserk = (rng: Rng, title: string, focus: number): string => {
  const cards: { [k: string]: Json } = {
    orc: {
      controller: "ap",
      cost: 2 + rng.int(4),
      strength: 1 + rng.int(5),
      type: opt(rng, 0.3, () => "creature")
    },
    C: {
      controller: "ip",
      cost: 1 + rng.int(5),
      life: opt(rng, 0.5, () => 2 + rng.int(5)),
      wounds: opt(rng, 0.3, () => rng.int(2)),
      armor: opt(rng, 0.2, () => 1 + rng.int(2)),
      protections: opt(rng, 0.2, () => [rng.pick(["удар", "выстрел"])])
    },
    serk: {
      controller: "ip",
      cost: 4,
      wounds: rng.int(4),
      closed: opt(rng, 0.5, () => rng.chance(0.5))
    },
    spell: { controller: "ap", type: "spell", cost: 3 }
  }
  const onCards = ["C", "serk"]
  const fromInput = (): Json =>
    rng.pick<Json>([
      { kinds: [rng.pick(["удар", "выстрел", "strike"])] },
      { types: [rng.pick(["spell", "creature"])] },
      { cards: [ghost(rng, rng.pick(["orc", "spell"]))] },
      { maxCost: 3 },
      { minCost: 4 }
    ])
  let n = 0
  const effect = (form: (typeof berserkForms)[number]): Json => {
    const id = `${form}${n++}`
    const base = {
      id,
      controller: rng.pick(["ap", "ip"]),
      on: rng.chance(0.8) ? rng.some(onCards) : "any",
      from: opt(rng, 0.3, fromInput),
      until: opt(rng, 0.3, () => "endOfTurn"),
      optional: opt(rng, 0.1, () => true),
      oncePerTurn: opt(rng, 0.1, () => true),
      label: opt(rng, 0.2, () => `эффект ${id}`)
    }
    switch (form) {
      case "prevent":
        return {
          ...base,
          prevent: rng.chance(0.25) ? "all" : 1 + rng.int(4),
          scope: opt(rng, 0.4, () => rng.pick(["next", "each", "once"]))
        }
      case "noWoundsFrom":
        return { ...base, noWoundsFrom: fromInput() }
      case "woundsOnlyFrom":
        return { ...base, woundsOnlyFrom: fromInput() }
      case "moreWounds":
        return { ...base, moreWounds: 1 + rng.int(2) }
      case "fewerWounds":
        return { ...base, fewerWounds: 1 + rng.int(2) }
      case "instead":
        return {
          ...base,
          on: ["serk"],
          from: undefined,
          instead: { of: "heal", do: [{ family: rng.pick(["open", "heal"]) }] }
        }
    }
  }
  let ev = 0
  const step = (kind: (typeof berserkStepKinds)[number]): Json => {
    switch (kind) {
      case "attack": {
        const from = rng.chance(0.8) ? "orc" : undefined
        return {
          attack: {
            id: `a${ev++}`,
            kind: rng.pick(["удар", "выстрел", "strike"]),
            from,
            strength: from === undefined || rng.chance(0.4) ? 1 + rng.int(5) : undefined,
            to: rng.chance(0.8) ? ghost(rng, rng.pick(onCards)) : rng.some(onCards)
          }
        }
      }
      case "heal":
        return {
          heal: { id: `h${ev++}`, card: rng.pick(onCards), amount: opt(rng, 0.7, () => 1 + rng.int(2)) }
        }
      case "event":
        return {
          event: {
            id: `v${ev++}`,
            family: rng.pick(["wound", "heal"]),
            subject: rng.pick(onCards),
            amount: 1 + rng.int(3),
            source: opt(rng, 0.5, () => rng.pick(["orc", "spell"])),
            kinds: opt(rng, 0.3, () => ["удар"])
          }
        }
      case "leave":
        return { leave: { card: rng.pick(["orc", "serk"]), to: opt(rng, 0.5, () => "graveyard") } }
      case "set":
        return { set: { card: rng.pick(onCards), props: { wounds: rng.int(3) } } }
      case "endOfTurn":
        return { endOfTurn: true }
      case "addEffects":
        return { addEffects: [effect(rng.pick(berserkForms))] }
    }
  }
  const effects = Array.from({ length: rng.int(4) }, () => effect(rng.pick(berserkForms)))
  effects.push(effect(berserkForms[focus % berserkForms.length] as (typeof berserkForms)[number]))
  const steps: Array<Json> = [step("attack")]
  for (let i = rng.int(3); i > 0; i--) steps.push(step(rng.pick(berserkStepKinds)))
  steps.splice(rng.int(steps.length + 1), 0, step(berserkStepKinds[focus % berserkStepKinds.length] as never))
  const ids = effects.map((e) => (e as { id: string }).id)
  return yaml({
    ruleset: "berserk",
    title,
    players: { active: "ap", inactive: "ip" },
    cards,
    modifiers: rng.chance(0.3)
      ? [
          {
            id: "mod",
            amount: rng.pick([1, 2, -1]),
            from: opt(rng, 0.7, fromInput),
            on: opt(rng, 0.3, () => ["C"])
          }
        ]
      : undefined,
    effects,
    steps,
    ...answering(rng, [...ids, "ap", "ip", true, false])
  })
}

// ---------------------------------------------------------------------------------------------
// riftbound

const riftEffectKinds = [
  "prevent",
  "preventNext",
  "double",
  "modify",
  "cantBeDealtDamage",
  "bonusDamage",
  "replacement"
] as const
const riftStepKinds = [
  "deal",
  "event",
  "combat",
  "preview",
  "minimumLethal",
  "validate",
  "solve",
  "advance",
  "addEffects",
  "setUnit"
] as const

const riftbound = (rng: Rng, title: string, focus: number): string => {
  const players = ["A", "B"]
  const mightX = 2 + rng.int(4)
  const units: { [k: string]: Json } = {
    X: { controller: "A", might: mightX },
    U: { controller: "B", might: 1 + rng.int(5), damage: opt(rng, 0.2, () => 1) },
    V: {
      controller: "B",
      might: 1 + rng.int(4),
      tank: opt(rng, 0.3, () => true),
      backline: opt(rng, 0.2, () => true)
    }
  }
  if (rng.chance(0.3)) units.W = { controller: "A", might: 2, whenDamaged: { might: 1 } }
  const defenders = ["U", "V"]
  const all = Object.keys(units)
  let n = 0
  const effect = (kind: (typeof riftEffectKinds)[number]): Json => {
    const id = `${kind}${n++}`
    const common = {
      id,
      controller: rng.pick(players),
      source: opt(rng, 0.2, () => "spell"),
      duration: opt(rng, 0.3, () => rng.pick(["turn", "combat"])),
      limit: opt(rng, 0.15, () => ({ times: 1 })),
      optional: opt(rng, 0.1, () => true),
      label: opt(rng, 0.2, () => `effect ${id}`)
    }
    const unit = () => ghost(rng, rng.pick(defenders))
    switch (kind) {
      case "prevent":
        return {
          ...common,
          prevent: {
            unit: unit(),
            value: rng.chance(0.2) ? "all" : 1 + rng.int(3),
            each: opt(rng, 0.2, () => rng.pick(["turn", "combat"]))
          }
        }
      case "preventNext":
        return { ...common, preventNext: unit() }
      case "double":
        return { ...common, double: unit() }
      case "modify":
        return {
          ...common,
          modify: { unit: unit(), op: rng.pick(["add", "sub", "mul"]), value: 1 + rng.int(2) }
        }
      case "cantBeDealtDamage":
        return { ...common, cantBeDealtDamage: unit() }
      case "bonusDamage":
        return {
          ...common,
          bonusDamage: {
            amount: 1 + rng.int(2),
            sources: opt(rng, 0.5, () => [rng.pick(["X", "spell"])]),
            to: opt(rng, 0.5, () => rng.pick(defenders))
          }
        }
      case "replacement":
        return {
          ...common,
          replacement: {
            watch: { family: "damage", subject: { _tag: "Id", ids: [rng.pick(defenders)] } },
            action: { _tag: "Modify", op: rng.pick(["add", "sub"]), value: 1 },
            category: opt(rng, 0.3, () => "replacement")
          }
        }
    }
  }
  const split = (): { [k: string]: number } => {
    const o: { [k: string]: number } = {}
    for (const u of rng.some(defenders)) o[u] = rng.int(5)
    return o
  }
  let ev = 0
  const step = (kind: (typeof riftStepKinds)[number]): Json => {
    switch (kind) {
      case "deal":
        return {
          deal: {
            id: `e${ev++}`,
            source: rng.pick(["spell", "X"]),
            to: split(),
            kinds: opt(rng, 0.2, () => ["spell"]),
            preventable: opt(rng, 0.1, () => false)
          }
        }
      case "event":
        return {
          event: {
            id: `e${ev++}`,
            occurrences: [
              rng.chance(0.5)
                ? { family: "damage", subject: rng.pick(defenders), amount: 1 + rng.int(3), source: "spell" }
                : { family: "die", subject: rng.pick(defenders) }
            ]
          }
        }
      case "combat": {
        // the attacker's whole Might to one defender, mostly: a legal assignment (Riftbound 626.1.c)
        const one = rng.chance(0.85)
        const to = rng.pick(defenders)
        return {
          combat: {
            id: `c${ev++}`,
            attackers: ["X"],
            units: one ? [to] : undefined,
            assign: one ? { [to]: mightX } : split(),
            roles: opt(rng, 0.2, () => ({ V: "tank" })),
            ignoreBackline: opt(rng, 0.1, () => true)
          }
        }
      }
      case "preview":
        return { preview: { name: `p${ev++}`, unit: rng.pick(defenders), input: 1 + rng.int(4) } }
      case "minimumLethal":
        return { minimumLethal: { name: `m${ev++}`, unit: rng.pick(defenders) } }
      case "validate":
        return { validate: { name: `v${ev++}`, assign: split(), total: opt(rng, 0.5, () => rng.int(6)) } }
      case "solve":
        return {
          solve: {
            name: `s${ev++}`,
            total: rng.int(7),
            units: opt(rng, 0.4, () => rng.some(defenders)),
            goal: opt(rng, 0.5, () => rng.pick(["legal", "killMost"]))
          }
        }
      case "advance":
        return { advance: rng.pick(["endOfCombat", "endOfTurn"]) }
      case "addEffects":
        return { addEffects: [effect(rng.pick(riftEffectKinds))] }
      case "setUnit":
        return {
          setUnit: {
            unit: rng.pick(all),
            might: opt(rng, 0.5, () => 1 + rng.int(4)),
            damage: opt(rng, 0.5, () => rng.int(2)),
            zone: opt(rng, 0.2, () => rng.pick(["base", "battlefield"]))
          }
        }
    }
  }
  const effects = Array.from({ length: rng.int(4) }, () => effect(rng.pick(riftEffectKinds)))
  effects.push(effect(riftEffectKinds[focus % riftEffectKinds.length] as (typeof riftEffectKinds)[number]))
  const steps: Array<Json> = [step(rng.chance(0.5) ? "deal" : "combat")]
  for (let i = rng.int(3); i > 0; i--) steps.push(step(rng.pick(riftStepKinds)))
  steps.splice(rng.int(steps.length + 1), 0, step(riftStepKinds[focus % riftStepKinds.length] as never))
  const ids = effects.map((e) => (e as { id: string }).id)
  return yaml({
    ruleset: "riftbound",
    title,
    players,
    turn: opt(rng, 0.8, () => "A"),
    units,
    objects: { spell: { controller: "A" } },
    effects,
    steps,
    ...answering(rng, [...ids, ...players, ...all, true, false])
  })
}

// ---------------------------------------------------------------------------------------------
// cases

/** The rulesets the generator writes, in case order. */
export const generatedRulesets = ["mtg", "riftbound", "berserk", "fab"] as const

/** How many cases per ruleset the frozen set holds. */
export const casesPerRuleset = 520

/** One generated format-1 file. */
export interface GeneratedCase {
  readonly ruleset: (typeof generatedRulesets)[number]
  readonly index: number
  readonly seed: number
  readonly name: string
  readonly text: string
}

const writers = { mtg, riftbound, berserk, fab } as const

/** The seed of a case: a fixed mix of the ruleset's position and the case index. */
export const seedOf = (ruleset: (typeof generatedRulesets)[number], index: number): number =>
  (Math.imul(generatedRulesets.indexOf(ruleset) + 1, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca77)) >>> 0

/** The `index`-th generated case of a ruleset (the same text on every machine, forever). */
export const generate = (ruleset: (typeof generatedRulesets)[number], index: number): GeneratedCase => {
  const seed = seedOf(ruleset, index)
  const name = `gen-${ruleset}-${index}.yaml`
  const text = writers[ruleset](prng(seed), `generated ${ruleset} case ${index}`, index)
  return { ruleset, index, seed, name, text }
}

/** Every generated case: {@link casesPerRuleset} for each ruleset. */
export const generatedCases = (): ReadonlyArray<GeneratedCase> =>
  generatedRulesets.flatMap((r) => Array.from({ length: casesPerRuleset }, (_, i) => generate(r, i)))
