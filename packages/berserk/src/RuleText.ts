/**
 * The sentences of the Берсерк rules this ruleset cites, by rule number: short quotations in
 * Russian as written (533 «Эффект предотвращения», 534 «Эффект замещения»; "…" where words are
 * left out), each with the short English gloss this package's documentation gives, so that a
 * citation such as "Берсерк 533.3" can show its text next to its number (`bulwark resolve
 * --explain`, the playground). Only the rules the package cites are here; the rules are Hobby
 * World's. Rule 511.5 (protections) is cited but no copy of it was available: it is listed in
 * {@link unavailable} with the reason, never given a made-up text.
 *
 * @since 0.1.0
 * @module
 */

/**
 * Rule number → the rule's sentence in Russian, as written.
 *
 * @example
 * ```ts
 * import { RuleText } from "@bulwark/berserk"
 * RuleText.sentences["533"] // "Эффект предотвращения."
 * ```
 * @since 0.1.0
 * @category rules
 */
export const sentences: Readonly<Record<string, string>> = {
  "119.5.1":
    "Если способность, снимающее Х маркеров, направлено на карту, у которой менее Х таких маркеров, то с карты снимаются все маркеры, указанные в тексте способности.",
  "533": "Эффект предотвращения.",
  "533.2":
    "Предотвращение используется всегда после наложения всех модификаторов атаки (заклинания, воздействия) и применения защит (см. п. 511.5).",
  "533.3":
    "Эффекты предотвращения применяются в следующем порядке: эффекты предотвращения, не имеющие количественного значения; эффекты предотвращения, имеющие количественное значение. Для каждой группы эффектов они применяются по очереди, при этом сначала эффекты соответствующей группы применяет Неактивный игрок в выбранном им порядке, затем – Активный игрок в выбранном им порядке. Применение эффектов прекращается в тот момент, когда количество ран, которое должна получить цель, снижается до нуля.",
  "533.4":
    "Эффект предотвращения может быть использован частично, если полное использование эффекта уменьшило бы количество ран до отрицательного значения. Неиспользованное значение сохраняется для последующего применения эффекта …",
  "533.6":
    "Если карта – источник Эффекта Предотвращения покидает активную зону (как правило, зону битвы), то эффект предотвращения от этой карты не применяется.",
  "534.1":
    'Если особенность имеет вид "[текст 1], вместо этого – [текст 2]", то [текст 2] называется эффектом замещения.',
  "534.1.1":
    'Эффекты вида "Не получает ран от [текст]" и "Получает раны только от [текст]", а также “Получает на X больше/меньше ран от [текст]” также являются эффектами замещения.',
  "534.2":
    "Эффект замещения может быть применён только в момент выполнения особенности (после наложения всех модификаторов и проверки защит). Эффекты замещения не влияют на уже выполненные игродействия.",
  "534.3": "Эффект, который был заменён эффектом замещения, не считается выполненным (нанесённым на карту)."
}

/**
 * Rule number → the short English gloss of the package's documentation (docs/games/berserk.md).
 *
 * @example
 * ```ts
 * import { RuleText } from "@bulwark/berserk"
 * RuleText.glosses["533.6"] // "a prevention whose source left the battlefield does not apply"
 * ```
 * @since 0.1.0
 * @category rules
 */
export const glosses: Readonly<Record<string, string>> = {
  "533": "prevention effects",
  "533.2": "prevention comes after every attack modifier and protection",
  "533.3": "without an amount, then with an amount; inactive player first, each in their order; stop at 0",
  "533.4": 'partial use; the rest is kept ("the next 4 wounds")',
  "533.6": "a prevention whose source left the battlefield does not apply",
  "534.1": '"[text 1], instead [text 2]" (Серк: heal → may open, once per turn)',
  "534.1.1": "no wounds from / only from / X more or fewer from",
  "534.2": "replacements when the feature executes, after modifiers and protections; not retroactive",
  "534.3": "a replaced effect did not happen"
}

/**
 * Rules the package cites without a bundled sentence, each with the reason.
 *
 * @example
 * ```ts
 * import { RuleText } from "@bulwark/berserk"
 * Object.keys(RuleText.unavailable) // ["511.5"]
 * ```
 * @since 0.1.0
 * @category rules
 */
export const unavailable: Readonly<Record<string, string>> = {
  "511.5":
    "protections («защиты»): 533.2 and 534.2 refer to it, but no copy of rule 511 could be found; protections are modelled from the card wordings"
}
