/**
 * The player's language: how Берсерк reads in Russian (the ruleset's own words, {@link russian})
 * and in English ({@link english}, `bulwark resolve --lang en`) — the trace, the questions put to
 * the players and the quotations of the rules. Each is a core `Words`: its family phrases, tier
 * names, rule sentences, the engine's sentences (`texts`), the citations and the notes of this
 * ruleset. An integrator who needs a third language builds one more `Words` the same way
 * (starting from {@link english} or {@link russian} and replacing what it says) and passes it
 * where these are passed (`Trace.render`, `Decision.question`).
 *
 * @module
 * @since 0.1.0
 */
import { Words } from "@bulwark/core"
import type * as Attack from "./Attack.js"
import * as Effects from "./Effects.js"
import * as Rules from "./Rules.js"
import * as RuleText from "./RuleText.js"

/**
 * A Russian noun after a number: `one` for 1, 21, …; `few` for 2–4, 22–24, …; `many` otherwise
 * (5–20, 25–30, …).
 *
 * @example
 * ```ts
 * import { Lang } from "@bulwark/berserk"
 * Lang.plural(2, "рана", "раны", "ран") // "раны"
 * Lang.plural(11, "рана", "раны", "ран") // "ран"
 * ```
 * @since 0.1.0
 * @category words
 */
export const plural = (n: number, one: string, few: string, many: string): string => {
  const m10 = Math.abs(n) % 10
  const m100 = Math.abs(n) % 100
  if (m100 >= 11 && m100 <= 14) return many
  if (m10 === 1) return one
  if (m10 >= 2 && m10 <= 4) return few
  return many
}

// «N ран» as the subject of a sentence (nominative) and as what is dealt (accusative)
const ran = (n: number): string => `${n} ${plural(n, "рана", "раны", "ран")}`
const ranAcc = (n: number): string => `${n} ${plural(n, "рану", "раны", "ран")}`

/**
 * An attack kind in Russian, as its attack is named in the trace («удар», «выстрел»).
 *
 * @example
 * ```ts
 * import { Lang } from "@bulwark/berserk"
 * Lang.attackNames["strike"] // "удар"
 * ```
 * @since 0.1.0
 * @category words
 */
export const attackNames: Readonly<Record<Attack.Kind, string>> = {
  strike: "удар",
  shot: "выстрел",
  throw: "метание",
  discharge: "разряд",
  magic: "магический удар",
  poison: "отравление",
  spell: "заклинание"
}

const zoneNames: Readonly<Record<string, string>> = {
  battlefield: "зона битвы",
  flyers: "зона полёта",
  graveyard: "кладбище",
  hand: "рука",
  deck: "колода",
  attack: "атака"
}

const familyNames: Readonly<Record<string, string>> = {
  damage: "раны",
  heal: "излечение",
  open: "открытие",
  close: "закрытие",
  die: "гибель",
  zoneChange: "перемещение"
}

const timeNames: Readonly<Record<string, string>> = { endOfTurn: "конец хода" }

const arg = (a: Readonly<Record<string, string>>, k: string): string => a[k] ?? ""

// the lines of an attack's note (Scenario's attack step): `n` targets, each `id<i>`, `kind<i>`,
// `target<i>`, `base<i>`, `mods<i>` ("+2 (plus2)", may be empty) and `strength<i>`
const attackLines = (a: Readonly<Record<string, string>>, line: (i: number) => string): string =>
  Array.from({ length: Number(a["n"] ?? "0") }, (_, i) => line(i)).join("; ")

const REPLACEMENT_ORDER_RU =
  "толкование: до предотвращения 533; между собой — в порядке, который 533.3 задаёт предотвращению: сначала без количественного значения, сначала Неактивного игрока"

const RETALIATION_RU = "Берсерк, толкование: в доступном тексте правил порядок не указан"

const PREVENT_ALL_RU = "Берсерк 533.3 (предотвращение без количественного значения: первая группа)"
const PREVENT_N_RU = "Берсерк 533.3–533.4 (предотвращение с количественным значением: вторая группа)"
const SOURCE_RU = "; 533.6: только пока его источник в активной зоне"

// the citations of the ordering slots (Rules.slots), by slot name
const slotCitations: Readonly<Record<string, string>> = {
  protections: "Берсерк 533.2, 534.2: защиты (511.5) проверяются первыми",
  "replacements without an amount": `Берсерк 534.2 (${REPLACEMENT_ORDER_RU}; сначала без количественного значения)`,
  "replacements with an amount": `Берсерк 534.2 (${REPLACEMENT_ORDER_RU}; затем с количественным значением)`,
  "prevention without an amount":
    "Берсерк 533.3: сначала предотвращение без количественного значения; Неактивный игрок, затем Активный",
  "prevention with an amount":
    "Берсерк 533.3: затем предотвращение с количественным значением; Неактивный игрок, затем Активный"
}

/**
 * Every citation this ruleset gives, in Russian: by the citation as the rules of this package
 * give it (in English, so that a stored trace and `--json` stay one text), its Russian words.
 *
 * @example
 * ```ts
 * import { Effects, Lang } from "@bulwark/berserk"
 * Lang.russianCitations[Effects.RULE_PROTECTION] // "Берсерк 511.5 через 533.2 / 534.2 (защиты проверяются первыми)"
 * ```
 * @since 0.1.0
 * @category words
 */
export const russianCitations: Readonly<Record<string, string>> = {
  [Effects.RULE_PREVENT_ALL]: PREVENT_ALL_RU,
  [Effects.RULE_PREVENT_N]: PREVENT_N_RU,
  [Effects.RULE_PREVENT_ALL + Effects.RULE_SOURCE]: PREVENT_ALL_RU + SOURCE_RU,
  [Effects.RULE_PREVENT_N + Effects.RULE_SOURCE]: PREVENT_N_RU + SOURCE_RU,
  [Effects.RULE_WOUND_REPLACEMENT]: `Берсерк 534.1.1, 534.2 (${REPLACEMENT_ORDER_RU})`,
  [Effects.RULE_INSTEAD]: `Берсерк 534.1, 534.3 (${REPLACEMENT_ORDER_RU})`,
  [Effects.RULE_SERK]: `Берсерк 534.1 (пример: Серк), 534.3 (${REPLACEMENT_ORDER_RU})`,
  [Effects.RULE_ATTACK_MODIFIER]:
    "Берсерк 533.2 («Предотвращение используется всегда после наложения всех модификаторов атаки»): модификаторы атаки первыми, в порядке записи",
  [Effects.RULE_PROTECTION]: "Берсерк 511.5 через 533.2 / 534.2 (защиты проверяются первыми)",
  [Effects.RULE_ARMOR]:
    "Берсерк: Броня N (толкование: предотвращение с количественным значением, восстанавливается каждый ход; вторая группа 533.3)",
  ...Object.fromEntries(
    Rules.slots.flatMap((slot) => {
      const ru = slotCitations[slot.name]
      return slot.rule === undefined || ru === undefined ? [] : [[slot.rule, ru]]
    })
  ),
  [Rules.RULE_DEATH]:
    "Берсерк (основные правила: «Существо погибает сразу же, как только число ран на нём достигнет или превысит число его жизней»); 534.1: гибель — эффект, который может ожидать эффект замещения",
  [Rules.RULE_CONTROL]:
    "Берсерк (толкование): карту в игре контролирует её игрок, карта на кладбище или в руке только принадлежит ему",
  [Rules.RULE_ASSIGNMENT]:
    "Берсерк (толкование): контролёр существа распределяет предотвращение между его ранами",
  // core's own citations
  scenario: "сценарий",
  "what is reduced to 0 does not happen": "то, что снижено до 0, не происходит",
  "effects that last until then end": "эффекты, действующие до этого момента, заканчиваются"
}

/**
 * The engine's sentences in Russian (core `Words.Texts`): what the trace says of each step, the
 * questions and the answers. An amount of wounds to a creature reads «C: 5 ран».
 *
 * @example
 * ```ts
 * import { Lang } from "@bulwark/berserk"
 * Lang.russianTexts.nothingHappens // "ничего не происходит"
 * ```
 * @since 0.1.0
 * @category words
 */
export const russianTexts: Words.Texts = {
  event: (id) => `событие ${id}`,
  results: (of) => `последствия ${of}`,
  cost: (of) => `стоимость ${of}`,
  additional: (of) => `дополнительные события ${of}`,
  eventStarted: (event, occurrences) => `${event}: ${occurrences}`,
  candidates: (group, tier, candidates) =>
    `эффекты, которые сейчас могут примениться к ${group} (${tier}): ${candidates}`,
  onlyCandidate: "единственный применимый",
  orderDoesNotMatter: "порядок не важен",
  firstInOrder: "первым, в порядке записи",
  chose: (chooser) => `выбрал ${chooser}`,
  applied: (effect, label, how, changes) => `${effect} «${label}» (${how}): ${changes}`,
  changesNothing: "ничего не меняет",
  shield: "щит",
  redirection: "перенаправление",
  usedUp: (what, before) => `${what}: остаток 0 (${before} → 0)`,
  left: (what, before, after) => `${what}: остаток ${after} (${before} → ${after})`,
  notApplied: (effect, group, reason) => `${effect} не применяется к ${group}: ${reason}`,
  reasons: {
    filterFailed: "он не относится к этому событию",
    conditionFailed: "его условие сейчас не выполнено",
    newObject: "то, на что он указывал, стало новым объектом (сменило зону)",
    alreadyApplied: "он уже применился к этому событию",
    eventAtZero: "событие снижено до 0 и не происходит",
    sourceLeftZone: "его источник покинул зону, в которой должен быть",
    spent: "он использован полностью",
    limitReached: "достигнут предел его применений",
    costUnpayable: "его стоимость нельзя оплатить",
    declined: "его контролёр отказался от него",
    notReached: "очередь прошла его группу",
    sequenceEnded: "его единственная последовательность в этих одновременных событиях окончена"
  },
  reachedZero: (occurrence) => `${occurrence}: это не происходит`,
  finished: (event, happened) => `${event}: ${happened}`,
  nothingHappens: "ничего не происходит",
  the: (amount, subject) => `${subject}: ${amount}`,
  redirectsPart: (n, the, to) => `перенаправляет ${n} на ${to} (${the})`,
  redirects: (the, to) => `перенаправляет на ${to} (${the})`,
  unpreventable: (the) => `делает непредотвратимым (${the})`,
  replacedWithNothing: (the) => `замещает (${the}): вместо этого ничего`,
  replaced: (the, by) => `замещает (${the}): вместо этого ${by}`,
  prevents: (n, the) => `предотвращает ${n === "all" ? "всё" : n} (${the})`,
  multiplies: (the, k) => `${k === 2 ? "удваивает" : k === 3 ? "утраивает" : `умножает на ${k}`} (${the})`,
  adds: (the, n) => `добавляет ${n} (${the})`,
  reduces: (the, n) => `уменьшает на ${n} (${the})`,
  sets: (the, n) => `делает равным ${n} (${the})`,
  atMost: (the, n) => `ограничивает до ${n} (${the})`,
  atLeast: (the, n) => `поднимает до ${n} (${the})`,
  raises: (the) => `увеличивает (${the})`,
  lowers: (the) => `уменьшает (${the})`,
  changes: (the) => `изменяет (${the})`,
  withParams: (the, params) => `изменяет (${the}): вместо этого ${params}`,
  yes: (chooser) => `да: ${chooser} применяет его`,
  no: (chooser) => `нет: ${chooser} отказывается от него`,
  allocated: (points, occurrence) => `${points} на ${occurrence}`,
  nothing: "ничего",
  theEvent: "событие",
  theEventAffecting: (subjects) => `событие, затрагивающее ${subjects}`,
  and: (xs) => (xs.length <= 1 ? (xs[0] ?? "") : `${xs.slice(0, -1).join(", ")} и ${xs[xs.length - 1]}`),
  or: (xs) => (xs.length <= 1 ? (xs[0] ?? "") : `${xs.slice(0, -1).join(", ")} или ${xs[xs.length - 1]}`),
  chooseEffect: (chooser, group, options) =>
    `${chooser} выбирает, какой эффект применяется следующим к ${group}: ${options}`,
  option: (effect, label) => `${effect} «${label}»`,
  useOptional: (chooser, effect, label) => `${chooser} может применить ${effect} «${label}»`,
  allocateOccurrences: (chooser, effect, label, targets) =>
    `${chooser} выбирает, к чему применяется ${effect} «${label}»: ${targets}`,
  allocatePoints: (chooser, points, effect, label, targets) =>
    `${chooser} распределяет ${points} от ${effect} «${label}» между: ${targets}`,
  target: (occurrence, subject, source) =>
    `${occurrence} (${subject}${source === undefined ? "" : `, источник ${source}`})`,
  atMostEach: (target, max) => `${target}, не больше ${max}`,
  startingPlayer: (chooser, options) =>
    `${chooser} выбирает игрока, который первым применяет эффекты: ${options}`,
  // how X was counted is said by core in English only ("X = 2 (number of objects: …)"): the number
  detail: (note) => {
    if (!note.startsWith("X = ")) return note
    const value = [...note.matchAll(/= (-?\d+)/g)].at(-1)?.[1] ?? "?"
    return note.includes("below 0: counts as 0") ? `X = ${value}, меньше 0: считается 0` : `X = ${value}`
  },
  outcome: {
    title: "Итог:",
    none: "нет",
    event: (id, dealt, prevented) => `событие ${id}: нанесено ${dealt}; предотвращено ${prevented}`,
    alsoHappened: (what) => `также произошло: ${what}`,
    effects: "эффекты после:",
    remaining: (n) => `остаток ${n}`,
    used: (n) => `применён ${n}×`,
    usedUp: "использован полностью",
    gone: "больше не действует",
    noDecisions: "решения: ни одного",
    decisions: "решения:",
    decision: (id, chooser, kind, rule, answer) => `${id}: решал ${chooser} (${kind}, ${rule}): ${answer}`,
    query: (name, answer) => `запрос ${name}: ${answer}`,
    error: (step, tag, message) => `ошибка на шаге ${step}: ${tag}: ${message}`
  },
  notes: {
    linked: (a) =>
      `один ограниченный эффект мог бы примениться к ${arg(a, "names")}: эффекты на них упорядочиваются вместе одним игроком, который выбирает за всех`,
    sequence: (a) =>
      `эффекты могли бы примениться к ${arg(a, "names")}, одновременным событиям одного игрока: этот игрок упорядочивает их вместе, каждый применяется в одной последовательности`,
    sameOutcome: (a) =>
      `любой порядок ${arg(a, "options")} даёт один и тот же итог: порядок не важен, поэтому ${arg(a, "chooser")} не спрашивают`,
    preventsZero: (a) =>
      `${arg(a, "effect")} сейчас предотвратил бы 0: применять его или нет — ничего не меняет, поэтому ${arg(a, "controller")} не спрашивают`,
    results: () => "нанесённые раны переходят в свои последствия, которые тоже могут быть замещены",
    newEffects: (a) => `новые эффекты: ${arg(a, "effects")}`,
    timePasses: (a) => `проходит время: ${timeNames[arg(a, "time")] ?? arg(a, "boundary")}`,
    doesNotHappen: (a) =>
      `${arg(a, "occurrence")} (${familyNames[arg(a, "family")] ?? arg(a, "family")} → ${arg(a, "subject")}) не происходит: ${arg(a, "reason")}`,
    partlyDone: (a) =>
      `${arg(a, "occurrence")} (${familyNames[arg(a, "family")] ?? arg(a, "family")} → ${arg(a, "subject")}): выполнено ${arg(a, "done")} из ${arg(a, "amount")}: ${arg(a, "reason")}`,
    update: (a) => {
      const parts = [
        a["zone"] === undefined ? "" : `в зону ${zoneNames[a["zone"]] ?? a["zone"]}`,
        a["controller"] === undefined ? "" : `контролёр ${a["controller"]}`,
        a["set"] === undefined ? "" : `задано ${a["set"]}`,
        a["unset"] === undefined ? "" : `снято ${a["unset"]}`
      ].filter((x) => x !== "")
      return `изменение ${arg(a, "object")}${parts.length === 0 ? "" : `: ${parts.join("; ")}`}`
    }
  }
}

const fam = Words.phrases

/**
 * How Берсерк reads in Russian, the ruleset's own words: wounds («orc должен нанести C 5 ран»),
 * healing, opening, closing and death; the groups as 533.3 and 534 name them; the engine's
 * sentences ({@link russianTexts}); the citations ({@link russianCitations}); this ruleset's
 * notes (an attack, a card leaving play, healing more wounds than there are); and the sentences
 * of the cited rules as written ({@link RuleText.sentences}).
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * import { Lang } from "@bulwark/berserk"
 * Words.family(Lang.russian, "damage").amount(5) // "5 ран"
 * ```
 * @since 0.1.0
 * @category words
 */
export const russian: Words.Words = {
  tiers: {
    "attack modifiers": "модификаторы атаки, первыми, в порядке записи",
    protections: "защиты, проверяются первыми",
    "replacements without an amount":
      "эффекты замещения без количественного значения («Не получает ран от …»)",
    "replacements with an amount":
      "эффекты замещения с количественным значением («Получает на X больше/меньше ран»)",
    "prevention without an amount":
      "эффекты предотвращения, не имеющие количественного значения, первая группа",
    "prevention with an amount": "эффекты предотвращения, имеющие количественное значение, вторая группа"
  },
  families: {
    damage: fam(
      (o) =>
        o.source === undefined
          ? `${o.subject} должен получить ${ranAcc(o.amount)}`
          : `${o.source} должен нанести ${o.subject} ${ranAcc(o.amount)}`,
      (o) =>
        o.source === undefined
          ? `${o.subject} получает ${ranAcc(o.amount)}`
          : `${o.source} наносит ${o.subject} ${ranAcc(o.amount)}`,
      ran
    ),
    heal: fam(
      (o) => `${o.subject} должен излечиться на ${o.amount}`,
      (o) => `${o.subject} излечивается на ${o.amount}`,
      (n) => `излечение на ${n}`
    ),
    open: fam(
      (o) => `${o.subject} должен открыться`,
      (o) => `${o.subject} открывается`,
      (n) => (n === 1 ? "открытие" : `${n} ${plural(n, "открытие", "открытия", "открытий")}`)
    ),
    close: fam(
      (o) => `${o.subject} должен закрыться`,
      (o) => `${o.subject} закрывается`,
      (n) => (n === 1 ? "закрытие" : `${n} ${plural(n, "закрытие", "закрытия", "закрытий")}`)
    ),
    die: fam(
      (o) => `${o.subject} должен погибнуть`,
      (o) => `${o.subject} погибает`,
      (n) => (n === 1 ? "гибель" : `${n} ${plural(n, "гибель", "гибели", "гибелей")}`)
    ),
    zoneChange: fam(
      (o) =>
        `${o.subject} должен переместиться: ${zoneNames[String(o.params?.["to"])] ?? String(o.params?.["to"] ?? "")}`,
      (o) =>
        `${o.subject} перемещается: ${zoneNames[String(o.params?.["to"])] ?? String(o.params?.["to"] ?? "")}`,
      (n) => (n === 1 ? "перемещение" : `${n} ${plural(n, "перемещение", "перемещения", "перемещений")}`)
    )
  },
  rules: RuleText.sentences,
  texts: russianTexts,
  citations: russianCitations,
  notes: {
    attack: (a) =>
      `атака ${attackLines(
        a,
        (i) =>
          `${arg(a, `id${i}`)}: ${arg(a, `retaliation${i}`) === "1" ? "ответный удар" : (attackNames[arg(a, `kind${i}`) as Attack.Kind] ?? arg(a, `kind${i}`))} по ${arg(a, `target${i}`)}, сила ${arg(a, `base${i}`)}${arg(a, `mods${i}`) === "" ? "" : ` ${arg(a, `mods${i}`)} = ${arg(a, `strength${i}`)}`}`
      )} — сначала применяются модификаторы атаки, раны считаются от силы (Берсерк 533.2, 534.2)${arg(a, "together") === "1" ? `; удар и ответный удар наносятся одновременно, одним событием, гибель — после обоих (${RETALIATION_RU})` : ""}`,
    leavesPlay: (a) =>
      `${arg(a, "object")} покидает игру (${zoneNames[arg(a, "from")] ?? arg(a, "from")} → ${zoneNames[arg(a, "zone")] ?? arg(a, "zone")}): его эффекты предотвращения больше не применяются (Берсерк 533.6)`,
    hadWounds: (a) => `на ${arg(a, "card")} лишь ${ran(Number(arg(a, "wounds")))}: снимаются только они`,
    endOfTurn: () => "конец хода: активным игроком становится другой игрок"
  }
}

/**
 * How Берсерк reads in English (`--lang en`): the ruleset's English words ({@link Rules.words}):
 * wounds ("orc would deal 5 wounds to C"), the groups with the Russian words of 533.3 and 534,
 * core's English sentences, the citations as given, this ruleset's notes in English, and the
 * sentences of the cited rules in Russian as written with the English gloss.
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * import { Lang } from "@bulwark/berserk"
 * Words.family(Lang.english, "damage").amount(5) // "5 wounds"
 * ```
 * @since 0.1.0
 * @category words
 */
export const english: Words.Words = Rules.words
